/**
 * Crash: concurrent writes (invites, group member changes, reviews) while the server is killed
 * with SIGKILL and restarted, several times; then the mail worker is killed in the middle of an
 * SMTP delivery. Passes when:
 * - every write answered 2xx is in the database;
 * - no write is half done: every invite has exactly its one outbox mail and every invite mail its
 *   invite; a group change of two people moved both or neither; every review stored both its forms
 *   and moved the answer's latest review and status;
 * - every mail in the outbox is delivered exactly once (an SMTP receiver counts per recipient):
 *   none is lost by a kill, none sent twice after a restart, and a mail claimed by a worker that
 *   died mid-send waits for its lease, then goes out once.
 *
 * During the write phase SMTP_URL is unset, so the outbox only fills; delivery runs afterwards.
 * The 5-minute claim lease is shortened by moving `next_attempt_at` of the claimed rows to now()
 * (what waiting out the lease would do).
 *
 * Env: FAULTS_CRASH_KILLS (3), FAULTS_CRASH_SEED (random; the kill times derive from it).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { runScript } from './lib/cleanup.mjs';
import { demoFixture, inviteAndAccept, inviteBody, setSeats } from './lib/demo.mjs';
import { createClient } from './lib/http.mjs';
import { query, startCluster } from './lib/postgres.mjs';
import { check, fail, figure, finish, log, setName } from './lib/report.mjs';
import { portBase, serverEnv, startServer, tail, tempDir } from './lib/server.mjs';
import { startSmtpReceiver } from './lib/smtp.mjs';

setName('crash');
const kills = Number(process.env.FAULTS_CRASH_KILLS ?? 3);
const seed = Number(process.env.FAULTS_CRASH_SEED ?? Math.floor(Math.random() * 1e9));
const run = randomUUID().slice(0, 8);
const port = portBase + 1;

/** A small deterministic random generator (mulberry32) so a failing run can be replayed. */
function random(seedValue) {
  let a = seedValue >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Polls `fn` until it answers true or `ms` passes; answers the last value. */
async function until(fn, ms, every = 200) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value || Date.now() > end) return value;
    await sleep(every);
  }
}

async function main() {
  const rand = random(seed);
  figure('seed', seed);
  const pg = await startCluster();
  const databaseUrl = await pg.createDatabase('crash');
  const smtp = await startSmtpReceiver();
  const dataDir = tempDir('crash');
  const writeEnv = serverEnv({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  const mailEnv = serverEnv({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SMTP_URL: smtp.url });
  const sql = (text, values) => query(databaseUrl, text, values);

  let server = await startServer({ port, env: writeEnv });
  log(`server ready in ${server.startMs} ms`);
  const client = createClient(server.url, { maxSockets: 64, timeoutMs: 10_000 });
  const fx = await demoFixture(client);
  const { tokens } = fx;
  await setSeats(client, tokens.admin, fx.organizationId, 10_000);
  // More trainees, so each group change can move two people at once.
  const trainees = [...fx.traineeIds];
  for (let i = trainees.length; i < 8; i += 1)
    trainees.push(
      await inviteAndAccept(
        client,
        tokens.manager,
        fx.organizationId,
        `crash-${run}-trainee-${i}@faults.test`,
      ),
    );
  const units = [];
  for (const groupId of fx.groupIds)
    for (let i = 0; i + 1 < trainees.length; i += 2)
      units.push({ groupId, ids: [trainees[i], trainees[i + 1]], ops: [] });

  // ----- writers -----
  let writing = true;
  const invites = [];
  const reviews = [];
  const pause = () => sleep(20 + Math.floor(rand() * 30));
  const inviteWriter = async (w) => {
    for (let n = 0; writing; n += 1) {
      const email = `crash-${run}-${w}-${n}@faults.test`;
      const roleId = n % 2 ? 1 : 2;
      const res = await client.post(
        '/api/invites',
        inviteBody(fx.organizationId, email, { roleId }),
        { token: tokens.manager },
      );
      invites.push({ email, status: res.status, id: res.body?.data?.id, error: res.error });
      if (res.status === 0) await sleep(300);
      else await pause();
    }
  };
  const unitWriter = async (unit) => {
    for (let n = 0; writing; n += 1) {
      const verb = n % 2 === 0 ? 'add' : 'remove';
      const res = await client.put(
        `/api/groups/${unit.groupId}/${verb}`,
        { ids: unit.ids },
        { token: tokens.manager },
      );
      unit.ops.push({ verb, status: res.status, error: res.error });
      if (res.status === 0) await sleep(300);
      else await pause();
    }
  };
  const reviewWriter = async (review) => {
    while (writing) {
      const res = await client.post(
        `/api/assignments/interviews/answers/review/${review.answerId}`,
        review.body,
        { token: tokens.instructor },
      );
      reviews.push({
        answerId: review.answerId,
        status: res.status,
        error: res.error,
        ratingsAnswerId: res.body?.data?.data?.ratingsAnswer?.id,
        body: res.status === 200 ? undefined : res.body,
      });
      if (res.status === 0) await sleep(300);
      else await pause();
    }
  };
  const writers = [
    ...[0, 1, 2, 3].map((w) => inviteWriter(w)),
    ...units.map((u) => unitWriter(u)),
    ...fx.reviews.map((r) => reviewWriter(r)),
  ];

  // ----- kills -----
  for (let k = 1; k <= kills; k += 1) {
    const wait = 2_500 + Math.floor(rand() * 2_500);
    await sleep(wait);
    server.kill('SIGKILL');
    await server.exited;
    log(
      `kill ${k}: SIGKILL after ${wait} ms of writes (${invites.length} invites, ${reviews.length} reviews so far)`,
    );
    server = await startServer({ port, env: writeEnv });
    log(`restarted in ${server.startMs} ms`);
  }
  await sleep(2_000);
  writing = false;
  await Promise.all(writers);
  const exitWrite = await server.stop();
  check(
    exitWrite.code === 0,
    `server exit ${exitWrite.code ?? exitWrite.signal} after SIGTERM (write phase)`,
  );

  // ----- the mail worker killed mid-send -----
  const [{ queued }] = await sql(
    `select count(*)::int as queued from mail_outbox where status = 0`,
  );
  smtp.hold();
  server = await startServer({ port, env: mailEnv });
  const heldOne = await until(() => smtp.held > 0, 20_000);
  check(heldOne, 'the mail worker did not start sending (hold phase)');
  server.kill('SIGKILL');
  await server.exited;
  smtp.release();
  // The rows the dead worker claimed, by id: the restarted worker claims (and so leases) its own
  // batches too, and those are not the ones whose lease must run out first.
  const deadLeased = await sql(
    `select id, to_address from mail_outbox where status = 0 and attempts > 0 and next_attempt_at > now()`,
  );
  const leased = deadLeased.length;
  const deadIds = deadLeased.map((r) => r.id);
  log(`mail worker killed mid-send: ${queued} mails queued, ${leased} claimed by the dead worker`);

  // ----- delivery: first what is not leased, then (lease run out) the rest -----
  server = await startServer({ port, env: mailEnv });
  const pendingFree = async () =>
    (
      await sql(
        `select count(*)::int as n from mail_outbox where status = 0 and not (id = any($1))`,
        [deadIds],
      )
    )[0].n === 0;
  check(await until(pendingFree, 60_000), 'mails not delivered within 60 s after the restart');
  // A leased mail sent early shows as its row no longer Pending, or as the SMTP server holding
  // more mails for an address than the outbox marks Sent for it (an address may have other mails:
  // an invite and review-ready mails, so its arrival alone proves nothing).
  const stillLeased = await sql(`select id from mail_outbox where id = any($1) and status = 0`, [
    deadIds,
  ]);
  const sentRows = new Map(
    (
      await sql(
        `select lower(to_address) as address, count(*)::int as n from mail_outbox where status = 1 group by 1`,
      )
    ).map((r) => [r.address, r.n]),
  );
  const received = smtp.countsByRecipient();
  const overSent = [...received].filter(([address, n]) => n > (sentRows.get(address) ?? 0));
  const sentEarly = leased - stillLeased.length + overSent.length;
  check(sentEarly === 0, `${sentEarly} leased mails were sent before their lease ran out`);
  await sql(`update mail_outbox set next_attempt_at = now() where status = 0`);
  const allSent = async () =>
    (await sql(`select count(*)::int as n from mail_outbox where status <> 1`))[0].n === 0;
  check(await until(allSent, 60_000), 'mails not all Sent within 60 s after the lease ran out');
  await sleep(1_000); // a duplicate, if any, has time to arrive

  // ----- verification -----
  // Invites: acknowledged ones stored; each invite with exactly one mail and each invite mail with its invite.
  const storedInvites = await sql(
    `select i.id, i.email,
            (select count(*) from mail_outbox m where m.kind = 'invite' and m.to_address = i.email)::int as mails
       from invites i where i.email like $1`,
    [`crash-${run}-%`],
  );
  const byEmail = new Map(storedInvites.map((r) => [r.email, r]));
  const ackedInvites = invites.filter((i) => i.status === 200);
  const lostInvites = ackedInvites.filter((i) => byEmail.get(i.email)?.id !== i.id);
  const inviteWithoutMail = storedInvites.filter((r) => r.mails !== 1);
  const mailWithoutInvite = await sql(
    `select m.to_address from mail_outbox m where m.kind = 'invite' and m.to_address like $1
        and not exists (select 1 from invites i where i.email = m.to_address)`,
    [`crash-${run}-%`],
  );
  const otherInvites = invites.filter((i) => i.status !== 200 && i.status !== 0);
  check(
    lostInvites.length === 0,
    `${lostInvites.length} acknowledged invites missing, e.g. ${lostInvites[0]?.email}`,
  );
  check(
    inviteWithoutMail.length === 0,
    `${inviteWithoutMail.length} invites without exactly one outbox mail, e.g. ${inviteWithoutMail[0]?.email}`,
  );
  check(
    mailWithoutInvite.length === 0,
    `${mailWithoutInvite.length} invite mails without their invite`,
  );
  check(
    otherInvites.length === 0,
    `${otherInvites.length} invites answered ${[...new Set(otherInvites.map((i) => i.status))]}`,
  );

  // Group changes: both people or neither; the last acknowledged change holds.
  const members = await sql(`select group_id, user_id from group_members`);
  const isMember = (g, u) => members.some((m) => m.group_id === g && m.user_id === u);
  let unitOps = 0;
  let unitAcked = 0;
  let halfDone = 0;
  let wrongState = 0;
  for (const unit of units) {
    unitOps += unit.ops.length;
    unitAcked += unit.ops.filter((o) => o.status === 200).length;
    const state = unit.ids.map((u) => isMember(unit.groupId, u));
    if (state[0] !== state[1]) halfDone += 1;
    // The last change that reached the server (a refused connection never ran).
    const last = unit.ops.filter((o) => o.error !== 'ECONNREFUSED').at(-1);
    if (last?.status === 200 && state[0] !== (last.verb === 'add')) wrongState += 1;
  }
  const otherUnitOps = units
    .flatMap((u) => u.ops)
    .filter((o) => o.status !== 200 && o.status !== 0);
  check(halfDone === 0, `${halfDone} group changes half done (one of two people moved)`);
  check(
    wrongState === 0,
    `${wrongState} groups not in the state of their last acknowledged change`,
  );
  check(
    otherUnitOps.length === 0,
    `${otherUnitOps.length} group changes answered ${[...new Set(otherUnitOps.map((o) => o.status))]}`,
  );

  // Reviews: acknowledged ones stored; both forms per review; the answer points at the latest.
  const forms = await sql(`select id, answer_id, content_id from content_answers`);
  const formIds = new Set(forms.map((f) => f.id));
  const ackedReviews = reviews.filter((r) => r.status === 200);
  const lostReviews = ackedReviews.filter((r) => !formIds.has(r.ratingsAnswerId));
  let brokenAnswers = 0;
  for (const { answerId } of fx.reviews) {
    const mine = forms.filter((f) => f.answer_id === answerId);
    const [answer] = await sql(
      `select status_id, ratings_answer_id, feedback_answer_id from answers where id = $1`,
      [answerId],
    );
    const ratings = mine.filter((f) => f.id === answer.ratings_answer_id)[0];
    const feedback = mine.filter((f) => f.id === answer.feedback_answer_id)[0];
    const ratingsRows = ratings ? mine.filter((f) => f.content_id === ratings.content_id) : [];
    const feedbackRows = feedback ? mine.filter((f) => f.content_id === feedback.content_id) : [];
    const ok =
      answer.status_id === 3 &&
      ratings &&
      feedback &&
      ratingsRows.length === feedbackRows.length &&
      ratings.id === Math.max(...ratingsRows.map((f) => f.id)) &&
      feedback.id === Math.max(...feedbackRows.map((f) => f.id));
    if (!ok) {
      brokenAnswers += 1;
      log(
        `answer ${answerId}: ${JSON.stringify({ answer, ratingsRows: ratingsRows.length, feedbackRows: feedbackRows.length })}`,
      );
    }
  }
  const otherReviews = reviews.filter((r) => r.status !== 200 && r.status !== 0);
  check(lostReviews.length === 0, `${lostReviews.length} acknowledged reviews missing`);
  check(brokenAnswers === 0, `${brokenAnswers} answers with a half-done review`);
  check(
    otherReviews.length === 0,
    `${otherReviews.length} reviews answered ${[...new Set(otherReviews.map((r) => r.status))]}: ${JSON.stringify(otherReviews[0]?.body)?.slice(0, 200)}`,
  );

  // Mail: every outbox row delivered exactly once.
  const outbox = await sql(
    `select lower(to_address) as to, count(*)::int as n from mail_outbox group by 1`,
  );
  const counts = smtp.countsByRecipient();
  const expected = new Map(outbox.map((r) => [r.to, r.n]));
  let once = 0;
  const duplicated = [];
  const missing = [];
  for (const [to, n] of expected) {
    const got = counts.get(to) ?? 0;
    if (got === n) once += n;
    else if (got > n) duplicated.push(to);
    else missing.push(to);
  }
  const strangers = [...counts.keys()].filter((to) => !expected.has(to));
  const totalMails = outbox.reduce((s, r) => s + r.n, 0);
  check(
    duplicated.length === 0,
    `${duplicated.length} recipients got a mail more than once, e.g. ${duplicated[0]}`,
  );
  check(missing.length === 0, `${missing.length} recipients missing a mail, e.g. ${missing[0]}`);
  check(strangers.length === 0, `${strangers.length} mails to addresses not in the outbox`);

  // A request cut by a kill (reset, no answer) has an unknown outcome; a refused one never ran.
  const cut = (list) => list.filter((r) => r.status === 0 && r.error !== 'ECONNREFUSED').length;
  const allOps = [...invites, ...units.flatMap((u) => u.ops), ...reviews];
  figure('faults injected', `${kills} SIGKILL during writes + 1 SIGKILL mid-send`);
  figure(
    'write requests sent / acknowledged / cut by a kill / refused while down',
    `${allOps.length} / ${allOps.filter((r) => r.status === 200).length} / ${cut(allOps)} / ${allOps.filter((r) => r.error === 'ECONNREFUSED').length}`,
  );
  figure(
    'invites acknowledged / cut by a kill / found',
    `${ackedInvites.length} / ${cut(invites)} / ${ackedInvites.length - lostInvites.length}`,
  );
  figure('invites stored (acknowledged + committed in flight)', storedInvites.length);
  figure('group changes acknowledged / attempted', `${unitAcked} / ${unitOps}`);
  figure('group changes half done / wrong state', `${halfDone} / ${wrongState}`);
  figure(
    'reviews acknowledged / attempted / found',
    `${ackedReviews.length} / ${reviews.length} / ${ackedReviews.length - lostReviews.length}`,
  );
  figure(
    'writes acknowledged / found',
    `${ackedInvites.length + unitAcked + ackedReviews.length} / ${ackedInvites.length - lostInvites.length + unitAcked - wrongState + ackedReviews.length - lostReviews.length}`,
  );
  figure(
    'mails in outbox / delivered once / twice / missing',
    `${totalMails} / ${once} / ${duplicated.length} / ${missing.length}`,
  );
  figure('mails claimed by the worker killed mid-send', leased);

  client.close();
  const exit = await server.stop();
  check(exit.code === 0, `server exit ${exit.code ?? exit.signal} after SIGTERM`);
  if (exit.code !== 0) log(tail(server.output()));
}

await runScript(main, (error) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
finish();
