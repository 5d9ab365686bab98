/**
 * End-to-end suite of the console (architecture.md 'Tests'): Debian's Chromium headless shell
 * (never a downloaded browser) against the server started as a user starts it
 * (`node server/dist/main.js` from the repo root, embedded database with the demo seed in a fresh
 * temp folder). Set E2E_BASE_URL to test an already running server instead (and E2E_LOG_FILE to
 * its log, to have it checked).
 *
 * The server's JSON log goes to `<data folder>/server.log` (LOG_FILE); after the run,
 * global-teardown.ts fails the suite if that log holds a password, bearer token or emailed token,
 * or one of the invite tokens the specs used (E2E_TOKENS_FILE, written by helpers.ts).
 *
 * The suite is the `*.spec.ts` files; take-screenshots.ts only takes pictures and runs apart, through
 * screenshots.config.ts (`npm run screenshots`).
 *
 * The `practice-s3` project runs the practice app's spec once more against a second server that
 * stores files in an S3 bucket (STORAGE_DRIVER=s3) of the tests' S3 server (s3-server.ts), so the
 * trainee's resumable upload and the console's playback go through object storage too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '..', '..');
const port = 3100;
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://localhost:${port}`;
/** The server on S3 storage and its S3 server (not with E2E_BASE_URL). */
const s3Port = 3101;
const s3ServerPort = Number(process.env.E2E_S3_PORT ?? 3199);
const s3BaseURL = `http://localhost:${s3Port}`;

// One data folder per run; workers inherit it through the environment.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'practica-e2e-')));
// The server's log, scanned for secrets by global-teardown.ts after the run.
const logFile = process.env.E2E_LOG_FILE ?? join(process.env.E2E_DATA_DIR, 'server.log');
if (!external) process.env.E2E_LOG_FILE = logFile;
// The tokens the specs used that no mail carries (copied invite links): scanned for too.
process.env.E2E_TOKENS_FILE ??= join(process.env.E2E_DATA_DIR, 'used-tokens.txt');

/**
 * Debian's Chromium with the flags of the machines (never a downloaded browser): its headless
 * shell (`chromium-headless-shell`), the same Blink and V8 as `/usr/bin/chromium` without the
 * browser's own UI layer; Playwright runs this build for headless Chromium too. It ran the suite
 * on a quarter less CPU (docs/testing.md 'Where the time goes'). CHROMIUM_PATH picks another.
 */
export const chromiumUse = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1366, height: 860 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: here,
  globalTeardown: join(here, 'global-teardown.ts'),
  outputDir: join(repoRoot, 'test-results', 'e2e'),
  fullyParallel: false,
  // Two specs at once against the one seeded server. Every spec makes its own rows, so it is safe
  // beside others (docs/testing.md 'An end-to-end spec'); four workers were tried and measured:
  // no faster on 2 cores (12.5 min against 11.6), and the first chromium spec overran its 30 s.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    headless: true,
    // Recording a trace (a screencast and a DOM snapshot per action) cost about a quarter of the
    // suite's CPU (docs/testing.md 'Where the time goes'). CI retries a failed test once and records
    // that retry; a local run, which does not retry, records every test and keeps the failures'.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1366, height: 860 },
  },
  // The accessibility audit reads the demo seed as it is (the wizard's first choices, a Draft, a
  // Submitted answer), so it runs first, before the scenarios that change those records.
  projects: [
    // practice-s3 first: its one long test (about 37 s) then starts with the tour's longest tests
    // and the two workers end the first phase together.
    ...(external
      ? []
      : [
          {
            name: 'practice-s3',
            testMatch: /practice\.spec\.ts$/,
            use: { ...chromiumUse, baseURL: s3BaseURL },
          },
        ]),
    {
      name: 'accessibility',
      testMatch: /accessibility\.spec\.ts$/,
      fullyParallel: true,
      use: chromiumUse,
    },
    {
      name: 'chromium',
      testIgnore: /accessibility\.spec\.ts$/,
      dependencies: ['accessibility'],
      use: chromiumUse,
    },
  ],
  ...(external
    ? {}
    : {
        webServer: [
          {
            command: 'node server/dist/main.js',
            cwd: repoRoot,
            url: `${baseURL}/readyz`,
            timeout: 120_000,
            // Always a fresh server on the fresh build: an old one may hold an old index.html.
            reuseExistingServer: false,
            stdout: 'ignore',
            stderr: 'pipe',
            env: {
              PORT: String(port),
              DATA_DIR: process.env.E2E_DATA_DIR,
              LOG_FILE: logFile,
              // integrations.spec.ts sends its webhook to a receiver on 127.0.0.1.
              WEBHOOKS_ALLOW_PRIVATE: 'true',
            },
          },
          {
            command: 'npx tsx web/e2e/s3-server.ts',
            cwd: repoRoot,
            url: `http://127.0.0.1:${s3ServerPort}/practica-e2e`,
            timeout: 60_000,
            reuseExistingServer: false,
            stdout: 'ignore',
            stderr: 'pipe',
            env: { E2E_S3_PORT: String(s3ServerPort) },
          },
          {
            // Web servers start in order: the bucket is there before this server checks it.
            command: 'node server/dist/main.js',
            cwd: repoRoot,
            url: `${s3BaseURL}/readyz`,
            timeout: 120_000,
            reuseExistingServer: false,
            stdout: 'ignore',
            stderr: 'pipe',
            env: {
              PORT: String(s3Port),
              DATA_DIR: join(dataDir, 's3'),
              LOG_FILE: logFile,
              STORAGE_DRIVER: 's3',
              S3_BUCKET: 'practica-e2e',
              S3_ENDPOINT: `http://127.0.0.1:${s3ServerPort}`,
              S3_FORCE_PATH_STYLE: 'true',
              AWS_ACCESS_KEY_ID: 'S3RVER',
              AWS_SECRET_ACCESS_KEY: 'S3RVER',
            },
          },
        ],
      }),
});
