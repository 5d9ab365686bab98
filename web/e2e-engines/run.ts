/**
 * The engines run: the trainee's journey and the reviewer's playback (journey.ts) in the engines
 * Playwright cannot drive — Firefox ESR (WebDriver BiDi) and WebKitGTK (WebKitWebDriver) — against
 * the built server, once with local storage and once on S3 (servers.ts). Prints every step with
 * its time, one summary row per engine and storage, and ends with `N passed, N failed` (N counts
 * flows: an engine on a storage); exits 1 on any failure. A failed flow is run once more
 * (reported as flaky when the second run passes). Screenshots go to test-results/engines/.
 *
 *   npx tsx --tsconfig web/e2e-engines/tsconfig.json web/e2e-engines/run.ts [--engine firefox|webkit]… [--storage local|s3]… [--serial]
 *       [--json FILE]
 *
 * The engines run one after the other on the same two servers; per engine the storages' flows run
 * side by side (each with its own windows and trainee; lines are prefixed `[engine storage]`), or
 * one after the other with --serial.
 * Needs `npm run build` first. An engine that is not installed is skipped with a notice, and is a
 * failure under CI=true. ENGINES_DEBUG=1 shows WebKitWebDriver's and GStreamer's output;
 * ENGINES_NO_GST_SHIM=1 runs WebKitGTK without the stand-in autovideoflip (to see it record 0 bytes).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { missingPieces, startFirefox, startWebKit, type Engine, type EngineName } from './browser';
import { Steps, traineeAndReviewer, type FlowFacts, type StepResult } from './journey';
import { repoRoot, startServer, type RunningServer, type StorageName } from './servers';

const argv = process.argv.slice(2);
const listArg = (flag: string) =>
  argv.flatMap((a, i) => (a === flag && argv[i + 1] ? [argv[i + 1]!] : []));
const engines = (
  listArg('--engine').length ? listArg('--engine') : ['firefox', 'webkit']
) as EngineName[];
const storages = (
  listArg('--storage').length ? listArg('--storage') : ['local', 's3']
) as StorageName[];
const jsonFile = listArg('--json')[0];
const serial = argv.includes('--serial');
/** ENGINES_KEEP_DATA=1 keeps each server's data folder (its log, database and files) after the run. */
const keepData = process.env['ENGINES_KEEP_DATA'] === '1';
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const shotsRoot = join(repoRoot, 'test-results', 'engines');

const engineLabels: Record<EngineName, string> = { firefox: 'Firefox ESR', webkit: 'WebKitGTK' };
const print = (line: string) => process.stdout.write(`${line}\n`);

/** One engine on one storage. */
interface Flow {
  engine: EngineName;
  storage: StorageName;
  status: 'passed' | 'flaky' | 'failed' | 'skipped';
  attempts: StepResult[][];
  seconds: number;
  note?: string;
  facts: FlowFacts;
}
const flows: Flow[] = [];

/** The flow of `engine` on `storage` that never ran: `status` failed or skipped, `note` says why. */
const flowNotRun = (
  engine: EngineName,
  storage: StorageName,
  status: 'failed' | 'skipped',
  note: string,
): Flow => ({ engine, storage, status, attempts: [], seconds: 0, note, facts: {} });

/** The stand-in autovideoflip's plugin folder, when this GStreamer lacks the element. */
const gstShim = join(repoRoot, 'web', 'e2e-engines', 'gstreamer');

/**
 * The environment WebKitGTK's processes need for MediaRecorder on this GStreamer: GST_PLUGIN_PATH
 * with the stand-in autovideoflip when GStreamer has none (1.22: see gstreamer/python/).
 */
function webkitEnv(): { env: Record<string, string>; note?: string } {
  if (process.env.ENGINES_NO_GST_SHIM)
    return { env: {}, note: 'ENGINES_NO_GST_SHIM: GStreamer as installed, without the stand-in' };
  const inspect = spawnSync('gst-inspect-1.0', ['--exists', 'autovideoflip']);
  if (inspect.error)
    return { env: {}, note: 'gst-inspect-1.0 missing: recording may give 0 bytes' };
  if (inspect.status === 0) return { env: {} };
  const path = [gstShim, process.env.GST_PLUGIN_PATH].filter(Boolean).join(':');
  const shim = spawnSync('gst-inspect-1.0', ['--exists', 'autovideoflip'], {
    env: { ...process.env, GST_PLUGIN_PATH: path },
  });
  if (shim.status !== 0)
    return {
      env: {},
      note: 'GStreamer has no autovideoflip and the stand-in does not load (needs gstreamer1.0-python3-plugin-loader): MediaRecorder records 0 bytes',
    };
  return {
    env: { GST_PLUGIN_PATH: path },
    note: 'GStreamer has no autovideoflip (added in 1.24): using the stand-in of web/e2e-engines/gstreamer/python/autovideoflip.py',
  };
}

async function startEngine(name: EngineName): Promise<Engine> {
  if (name === 'firefox') return startFirefox();
  const { env, note } = webkitEnv();
  if (note) print(`  note: ${note}`);
  return startWebKit(env);
}

/** Runs one flow, retrying once on failure. */
async function runFlow(engine: Engine, server: RunningServer): Promise<Flow> {
  const tag = `[${engine.name} ${server.storage}]`;
  const say = (line: string) => print(serial ? line : `${tag} ${line.trimStart()}`);
  const started = Date.now();
  const flow: Flow = {
    engine: engine.name,
    storage: server.storage,
    status: 'failed',
    attempts: [],
    seconds: 0,
    facts: {},
  };
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    say(
      `  ${engineLabels[engine.name]} · ${server.storage} storage${attempt > 1 ? ' · retry' : ''}`,
    );
    const steps = new Steps(say);
    const shots = join(shotsRoot, `${engine.name}-${server.storage}${attempt > 1 ? '-retry' : ''}`);
    rmSync(shots, { recursive: true, force: true });
    mkdirSync(shots, { recursive: true });
    try {
      await traineeAndReviewer(engine, server.baseUrl, steps, shots, flow.facts);
      flow.attempts.push(steps.results);
      flow.status = attempt === 1 ? 'passed' : 'flaky';
      break;
    } catch (error) {
      if (!steps.results.some((s) => !s.ok))
        steps.results.push({ step: 'set-up', ok: false, ms: 0, error: String(error) });
      flow.attempts.push(steps.results);
      if (attempt === 2 || !(error instanceof Error)) flow.note = String(error).split('\n')[0];
    }
  }
  flow.seconds = (Date.now() - started) / 1000;
  return flow;
}

const servers = new Map<StorageName, RunningServer>();
const running: Engine[] = [];
async function cleanUp(): Promise<void> {
  for (const engine of running.splice(0)) await engine.close().catch(() => undefined);
  for (const server of [...servers.values()]) await server.stop().catch(() => undefined);
  servers.clear();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void cleanUp().then(() => process.exit(130));
  });

const runStarted = Date.now();
if (!existsSync(join(repoRoot, 'server', 'dist', 'main.js'))) {
  print('No build: run `npm run build` first (server/dist/main.js is missing).');
  process.exit(1);
}

const wanted = engines.filter((name) => {
  const missing = missingPieces(name);
  if (missing.length === 0) return true;
  const why = `${missing.join(', ')} not installed (bash .ci/run installs them)`;
  for (const storage of storages)
    flows.push(flowNotRun(name, storage, inCi ? 'failed' : 'skipped', why));
  print(`━━ ${engineLabels[name]}: ${inCi ? 'cannot run in CI' : 'skipped'}: ${why}`);
  return false;
});

try {
  if (wanted.length > 0) {
    // Both servers boot side by side (each creates its demo data once).
    const booted = await Promise.allSettled(storages.map((s) => startServer(s, keepData)));
    for (const [i, result] of booted.entries()) {
      const storage = storages[i]!;
      if (result.status === 'fulfilled') {
        servers.set(storage, result.value);
        print(
          `━━ server on ${storage} storage ready in ${result.value.startSeconds.toFixed(1)} s (${result.value.baseUrl})`,
        );
      } else {
        print(`━━ server on ${storage} storage did not start: ${String(result.reason)}`);
        for (const name of wanted)
          flows.push(flowNotRun(name, storage, 'failed', 'server did not start'));
      }
    }
  }
  // The engines one after the other on the same two servers (every flow invites its own trainee).
  // Side by side, WebKitGTK's seek check failed on the CI machine (its playback starved of CPU).
  for (const name of wanted) {
    const started = Date.now();
    let engine: Engine;
    try {
      engine = await startEngine(name);
    } catch (error) {
      print(`━━ ${engineLabels[name]} did not start: ${String(error)}`);
      for (const storage of servers.keys())
        flows.push(flowNotRun(name, storage, 'failed', 'engine did not start'));
      continue;
    }
    running.push(engine);
    print(
      `━━ ${engineLabels[name]}: ${engine.version}, driven by ${engine.driver} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    // The storages side by side (their servers' video processing overlaps), unless --serial.
    if (serial) for (const server of servers.values()) flows.push(await runFlow(engine, server));
    else
      flows.push(
        ...(await Promise.all([...servers.values()].map((server) => runFlow(engine, server)))),
      );
    await engine.close().catch(() => undefined);
    running.splice(running.indexOf(engine), 1);
    print(`   ${engineLabels[name]} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await cleanUp();
}

print('\n━━ Engines summary');
for (const f of flows) {
  const last = f.attempts.at(-1) ?? [];
  const ok = last.filter((s) => s.ok).length;
  const stepSeconds = last.reduce((sum, s) => sum + s.ms, 0) / 1000;
  print(
    `  ${f.status.padEnd(8)} ${engineLabels[f.engine].padEnd(12)} ${f.storage.padEnd(6)} ` +
      `${ok}/${last.length} steps in ${stepSeconds.toFixed(1)} s` +
      `${f.attempts.length > 1 ? ` (2 attempts, ${f.seconds.toFixed(1)} s)` : ''}` +
      `${f.facts.recorded ? `; recorded ${f.facts.recorded}` : ''}${f.note ? `; ${f.note}` : ''}`,
  );
}
const passed = flows.filter((f) => f.status === 'passed' || f.status === 'flaky').length;
const failed = flows.filter((f) => f.status === 'failed').length;
print(`  total ${((Date.now() - runStarted) / 1000).toFixed(1)} s; screenshots in ${shotsRoot}`);
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ passed, failed, flows }, null, 2));
print(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
