/**
 * Two servers on one embedded data folder (PGlite, no DATABASE_URL). Passes when:
 * 1. a second server started on the folder of a running one exits non-zero with a clear message
 *    and never listens, while the first keeps serving reads and writes;
 * 2. after the first stops, a new server on the folder finds every acknowledged write (no
 *    corruption);
 * 3. after a SIGKILL (a stale lock), two servers started at the same moment: exactly one serves,
 *    the other refuses; the data is still intact.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runScript } from './lib/cleanup.mjs';
import { inviteBody } from './lib/demo.mjs';
import { createClient, dataOf, login } from './lib/http.mjs';
import { check, fail, figure, finish, log, setName } from './lib/report.mjs';
import { portBase, probe, serverEnv, startServer, tail, tempDir } from './lib/server.mjs';

setName('two-embedded');
const refusal = /in use by another Practica server/;

/** Signs in as the manager and answers `{client, token, organizationId}`. */
async function session(server) {
  const client = createClient(server.url);
  const token = await login(client, 'manager@demo.test');
  const me = dataOf(await client.get('/api/auth/session', { token }), 'session');
  return { client, token, organizationId: me.organizationId };
}

/** Answers which of `emails` have an invite on `server` (as the manager). */
async function invitesFound(server, emails) {
  const { client, token, organizationId } = await session(server);
  const res = await client.get(`/api/organizations/${organizationId}/invites?pageSize=100`, {
    token,
  });
  const list = dataOf(res, 'invites').list.map((i) => i.email);
  client.close();
  return emails.filter((e) => list.includes(e));
}

async function main() {
  const dataDir = tempDir('embedded');
  const env = serverEnv({ DATA_DIR: dataDir });
  let faults = 0;
  const written = [];

  // 1. A second server on the folder of a running one.
  const first = await startServer({ name: 'first', port: portBase + 4, env });
  log(`first server ready in ${first.startMs} ms`);
  const a = await session(first);
  const write = async (label) => {
    const email = `embedded-${label}@faults.test`;
    dataOf(
      await a.client.post('/api/invites', inviteBody(a.organizationId, email, { roleId: 2 }), {
        token: a.token,
      }),
      `invite ${label}`,
    );
    written.push(email);
  };
  await write('before');
  const second = await startServer({ name: 'second', port: portBase + 5, env, waitReady: false });
  faults += 1;
  // The first keeps serving while the second tries.
  let served = 0;
  let failed = 0;
  const busy = (async () => {
    while (!second.exit) {
      const res = await a.client.get('/api/groups', { token: a.token });
      if (res.status === 200) served += 1;
      else failed += 1;
    }
  })();
  const secondExit = await second.waitExit(120_000);
  await busy;
  const secondOutput = second.output();
  figure(
    'second server exit',
    secondExit ? (secondExit.code ?? secondExit.signal) : 'still running',
  );
  figure(
    'second server message',
    secondOutput.match(refusal)
      ? secondOutput
          .trim()
          .split('\n')
          .find((l) => refusal.test(l))
      : tail(secondOutput, 3),
  );
  check(
    secondExit !== null && secondExit.code !== 0 && secondExit.code !== null,
    `second server on the same DATA_DIR: exit ${JSON.stringify(secondExit)}`,
  );
  check(
    refusal.test(secondOutput),
    `second server without the clear message:\n${tail(secondOutput, 10)}`,
  );
  check((await probe(`${second.url}/healthz`)) === 0, 'the second server listened');
  figure('first server requests while the second started / failed', `${served} / ${failed}`);
  check(failed === 0, `${failed} requests to the first server failed while the second started`);
  await write('after-second');
  check(
    (await probe(`${first.url}/readyz`)) === 200,
    'the first server is not ready after the second one left',
  );
  a.client.close();
  const firstExit = await first.stop();
  check(
    firstExit.code === 0,
    `first server exit ${firstExit.code ?? firstExit.signal} after SIGTERM`,
  );
  check(!existsSync(path.join(dataDir, '.lock')), 'the lock file is left after a clean stop');

  // 2. A new server on the folder finds everything.
  const third = await startServer({ name: 'third', port: portBase + 4, env });
  const found = await invitesFound(third, written);
  check(
    found.length === written.length,
    `after restart ${found.length} of ${written.length} writes found`,
  );
  // 3. A stale lock (SIGKILL), then two servers at the same moment.
  third.kill('SIGKILL');
  await third.exited;
  faults += 1;
  check(
    existsSync(path.join(dataDir, '.lock')),
    'no lock file left by the killed server (stale lock not exercised)',
  );
  const racers = await Promise.all([
    startServer({ name: 'racer-a', port: portBase + 4, env, waitReady: false }),
    startServer({ name: 'racer-b', port: portBase + 5, env, waitReady: false }),
  ]);
  faults += 1;
  const outcomes = await Promise.all(
    racers.map(async (s) => {
      try {
        await s.ready(120_000);
        return 'ready';
      } catch {
        return s.exit ? `exit ${s.exit.code ?? s.exit.signal}` : 'hung';
      }
    }),
  );
  figure('two starts on a stale lock', outcomes.join(' / '));
  const winners = racers.filter((_, i) => outcomes[i] === 'ready');
  check(
    winners.length === 1,
    `two servers started on a stale lock: ${outcomes.join(' / ')} (want exactly one ready)`,
  );
  for (const [i, s] of racers.entries())
    if (outcomes[i] !== 'ready')
      check(
        refusal.test(s.output()),
        `${s.name} refused without the clear message:\n${tail(s.output(), 10)}`,
      );
  if (winners.length >= 1) {
    const found2 = await invitesFound(winners[0], written);
    check(
      found2.length === written.length,
      `after the stale lock ${found2.length} of ${written.length} writes found`,
    );
  }
  for (const s of racers) {
    const exit = await s.stop();
    if (s === winners[0])
      check(exit.code === 0, `${s.name} exit ${exit.code ?? exit.signal} after SIGTERM`);
  }
  figure('faults injected', faults);
  figure('writes acknowledged / found', `${written.length} / ${found.length}`);
}

await runScript(main, (error) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
finish();
