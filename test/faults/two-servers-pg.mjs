/**
 * Two servers on one PostgreSQL, started at the same moment on an empty database (both migrate
 * and seed). Passes when:
 * 1. both become ready (concurrent migrations and seeds do not break either);
 * 2. mail: invites created through both servers at once are each delivered exactly once by the
 *    two outbox workers together (an SMTP receiver counts messages per recipient);
 * 3. seats: an organization with N free trainee seats and 3N pending trainee invites, 3N concurrent
 *    accepts spread over both servers → exactly N succeed (the others 409), N trainees stored;
 * 4. seats on invites: an organization with M seats, 3M concurrent trainee invites over both
 *    servers → exactly M succeed;
 * 5. files: an image uploaded through one server and completed through the other reads back
 *    whole through the other (the copies share the storage).
 *
 * Env: FAULTS_SEATS (N, default 10), FAULTS_MAILS (default 80). Both servers share one DATA_DIR,
 * or in the runner's S3 pass one bucket (then the read must come from the bucket).
 */
/* global fetch */
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runScript } from './lib/cleanup.mjs';
import { inviteBody, setSeats } from './lib/demo.mjs';
import { createClient, dataOf, login } from './lib/http.mjs';
import { query, startCluster } from './lib/postgres.mjs';
import { check, fail, figure, finish, log, setName } from './lib/report.mjs';
import { portBase, repoRoot, serverEnv, startServer, tail, tempDir } from './lib/server.mjs';
import { startSmtpReceiver } from './lib/smtp.mjs';

const storage = process.env.FAULTS_S3_ENV ? 's3' : 'local';
setName('two-servers-pg');
const seats = Number(process.env.FAULTS_SEATS ?? 10);
const mails = Number(process.env.FAULTS_MAILS ?? 80);
const run = randomUUID().slice(0, 8);

/** Creates an organization with `userSeats` trainee seats (admin); answers its id. */
async function createOrganization(client, token, name, userSeats) {
  const org = dataOf(
    await client.post(
      '/api/organizations',
      {
        name,
        address: '1 Fault Street',
        contact: {
          firstName: 'Fay',
          lastName: 'Fault',
          email: `contact-${name.toLowerCase().replace(/\W+/g, '-')}@faults.test`,
          phoneNumber: '5550100999',
        },
        userSeats,
        creatorSeats: 0,
      },
      { token },
    ),
    `create organization ${name}`,
  );
  return org.id;
}

async function main() {
  const pg = await startCluster();
  const databaseUrl = await pg.createDatabase('two');
  const smtp = await startSmtpReceiver();
  const env = serverEnv({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    MAIL_BATCH_SIZE: '5',
    MAIL_POLL_MS: '100',
    DATA_DIR: tempDir('two-servers'),
  });
  figure('storage', storage === 's3' ? `one S3 bucket (${env.S3_ENDPOINT})` : 'one DATA_DIR');

  // 1. Both at once on an empty database.
  const servers = await Promise.all([
    startServer({ name: 'server-a', port: portBase + 6, env, waitReady: false }),
    startServer({ name: 'server-b', port: portBase + 7, env, waitReady: false }),
  ]);
  const readiness = await Promise.allSettled(servers.map((s) => s.ready(90_000)));
  figure(
    'simultaneous start on an empty database',
    readiness
      .map(
        (r, i) =>
          `${servers[i].name} ${r.status === 'fulfilled' ? `ready ${r.value} ms` : 'FAILED'}`,
      )
      .join(', '),
  );
  for (const [i, r] of readiness.entries())
    if (r.status === 'rejected')
      fail(
        `${servers[i].name} did not start next to the other: ${r.reason.message.slice(0, 1500)}`,
      );
  const live = servers.filter((_, i) => readiness[i].status === 'fulfilled');
  if (live.length < 2) {
    // Go on with two servers started one after the other, to check the rest.
    for (const s of servers) if (!s.exit) await s.stop();
    servers[0] = await startServer({ name: 'server-a', port: portBase + 6, env });
    servers[1] = await startServer({ name: 'server-b', port: portBase + 7, env });
  }
  const clients = servers.map((s) => createClient(s.url, { timeoutMs: 30_000 }));
  const admin = await login(clients[0], 'admin@demo.test');

  // 2. Mail: invites through both servers at once; each mail delivered once.
  const mailOrg = await createOrganization(clients[0], admin, `Mail Org ${run}`, 0);
  const emails = Array.from({ length: mails }, (_, i) => `mail-${run}-${i}@faults.test`);
  const created = await Promise.all(
    emails.map((email, i) =>
      clients[i % 2].post('/api/invites', inviteBody(mailOrg, email, { roleId: 2 }), {
        token: admin,
      }),
    ),
  );
  const acked = emails.filter((_, i) => created[i].status === 200);
  check(
    acked.length === emails.length,
    `${emails.length - acked.length} invites failed: ${created.find((r) => r.status !== 200)?.status}`,
  );
  const until = Date.now() + 60_000;
  let pending = -1;
  while (Date.now() < until) {
    [{ pending }] = await query(
      databaseUrl,
      `select count(*)::int as pending from mail_outbox where status = 0`,
    );
    if (pending === 0) break;
    await sleep(200);
  }
  await sleep(1_000); // let a duplicate, if any, arrive
  const counts = smtp.countsByRecipient();
  const once = acked.filter((e) => counts.get(e) === 1).length;
  const twice = acked.filter((e) => (counts.get(e) ?? 0) > 1);
  const never = acked.filter((e) => !counts.get(e));
  const senders = await query(
    databaseUrl,
    `select count(*) filter (where status = 1)::int as sent, count(*)::int as total from mail_outbox where to_address like $1`,
    [`mail-${run}-%`],
  );
  figure(
    'mails queued / delivered once / twice / never',
    `${acked.length} / ${once} / ${twice.length} / ${never.length}`,
  );
  figure('outbox sent / total', `${senders[0].sent} / ${senders[0].total}`);
  check(pending === 0, `${pending} mails still pending after 60 s`);
  check(twice.length === 0, `${twice.length} mails delivered more than once, e.g. ${twice[0]}`);
  check(never.length === 0, `${never.length} mails never delivered, e.g. ${never[0]}`);

  // 3. Seats on accept: N free seats, 3N pending trainee invites, 3N concurrent accepts.
  const acceptOrg = await createOrganization(clients[0], admin, `Accept Org ${run}`, 3 * seats);
  const tokens = [];
  for (let i = 0; i < 3 * seats; i += 1) {
    const email = `accept-${run}-${i}@faults.test`;
    const invite = dataOf(
      await clients[i % 2].post('/api/invites', inviteBody(acceptOrg, email), { token: admin }),
      'trainee invite',
    );
    tokens.push({ email, token: invite.token });
  }
  await setSeats(clients[1], admin, acceptOrg, seats, 0);
  const accepts = await Promise.all(
    tokens.map((t, i) =>
      clients[i % 2].post('/api/invites/accept', {
        firstName: 'Seat',
        lastName: 'Taker',
        email: t.email,
        token: t.token,
        password: 'demo1234',
      }),
    ),
  );
  const acceptOk = accepts.filter((r) => r.status === 200).length;
  const acceptFull = accepts.filter((r) => r.status === 409).length;
  const [{ trainees }] = await query(
    databaseUrl,
    `select count(*)::int as trainees from users where organization_id = $1 and role_id = 1 and deleted_at is null`,
    [acceptOrg],
  );
  figure(
    `accepts (N=${seats}, 3N concurrent) 200 / 409 / other`,
    `${acceptOk} / ${acceptFull} / ${accepts.length - acceptOk - acceptFull}`,
  );
  figure('trainees stored', trainees);
  check(acceptOk === seats, `${acceptOk} accepts succeeded with ${seats} seats`);
  check(
    acceptFull === 2 * seats,
    `${acceptFull} accepts answered 409 (want ${2 * seats}): ${[...new Set(accepts.map((r) => r.status || r.error))].join(',')}`,
  );
  check(trainees === seats, `${trainees} trainees stored with ${seats} seats`);

  // 4. Seats on invite: M seats, 3M concurrent trainee invites over both servers.
  const inviteOrg = await createOrganization(clients[0], admin, `Invite Org ${run}`, seats);
  const invites = await Promise.all(
    Array.from({ length: 3 * seats }, (_, i) =>
      clients[i % 2].post('/api/invites', inviteBody(inviteOrg, `seat-${run}-${i}@faults.test`), {
        token: admin,
      }),
    ),
  );
  const invitesOk = invites.filter((r) => r.status === 200).length;
  const invitesFull = invites.filter((r) => r.status === 409).length;
  figure(
    `trainee invites (M=${seats}, 3M concurrent) 200 / 409 / other`,
    `${invitesOk} / ${invitesFull} / ${invites.length - invitesOk - invitesFull}`,
  );
  check(
    invitesOk === seats && invitesFull === 2 * seats,
    `trainee invites: ${invitesOk} succeeded, ${invitesFull} refused (want ${seats} / ${2 * seats})`,
  );

  // 5. Files: uploaded through A, completed through B, read through B.
  const image = readFileSync(
    path.join(repoRoot, 'server/src/seed/fixtures/images/avatar-alex.png'),
  );
  const ticket = dataOf(
    await clients[0].post(
      '/api/files/upload',
      { name: 'fault.png', extension: 'png', fileTypeId: 1, size: image.length },
      { token: admin },
    ),
    'upload ticket',
  );
  const put = await fetch(new URL(ticket.url, servers[0].url), {
    method: 'PUT',
    body: image,
    headers: { 'content-type': 'image/png' },
  });
  check(put.ok, `the upload's PUT answered ${put.status}`);
  const stored = dataOf(
    await clients[1].post(`/api/files/${ticket.id}/complete`, {}, { token: admin }),
    'complete through the other server',
  );
  const read = await fetch(new URL(stored.url, servers[1].url));
  const bytes = Buffer.from(await read.arrayBuffer());
  figure(
    'image uploaded through A, read through B',
    `${read.status}, ${bytes.length} of ${image.length} bytes${read.redirected ? ' (redirected to the store)' : ''}`,
  );
  check(
    read.ok && bytes.equals(image),
    `reading it through B gave ${read.status}, ${bytes.length} bytes`,
  );
  if (storage === 's3')
    check(read.redirected, 'with S3 the read did not come from the bucket (no redirect)');

  figure('writes acknowledged', acked.length + acceptOk + invitesOk + 3 * seats + 1);
  for (const c of clients) c.close();
  for (const s of servers) {
    const exit = await s.stop();
    check(exit.code === 0, `${s.name} exit ${exit.code ?? exit.signal} after SIGTERM`);
    if (exit.code !== 0) log(tail(s.output()));
  }
}

await runScript(main, (error) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
finish();
