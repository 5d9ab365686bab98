/**
 * `npx tsx server/src/cli/seed-report-fixture.ts [--answers 2000] [--ratings 10] [--feedback 10]`:
 * test and benchmark data for the report export (001 §9). On the configured database
 * (DATABASE_URL, or the embedded DATA_DIR, which no server may hold at the time), applies the
 * migrations and the demo seed, then adds one assignment with that many Reviewed answers
 * (seed/report-fixture.ts). Prints one JSON line: the assignment id, the counts and the time taken.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createStorage } from '../lib/storage/index.js';
import { seedDemo } from '../seed/demo.js';
import { seedReportFixture } from '../seed/report-fixture.js';

const { values } = parseArgs({
  options: {
    answers: { type: 'string', default: '2000' },
    ratings: { type: 'string', default: '10' },
    feedback: { type: 'string', default: '10' },
  },
});
const count = (name: string, text: string) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1 || value > 100_000) {
    process.stderr.write(`--${name} must be a whole number from 1 to 100000.\n`);
    process.exit(2);
  }
  return value;
};
const options = {
  answers: count('answers', values.answers),
  ratingQuestions: count('ratings', values.ratings),
  feedbackQuestions: count('feedback', values.feedback),
};

const config = loadConfig();
const started = performance.now();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const storage =
    config.dataDir === 'memory://' ? undefined : createStorage(config.storage, config.dataDir);
  await seedDemo(database.db, storage);
  const seeded = performance.now();
  const fixture = await seedReportFixture(database.db, options);
  const done = performance.now();
  process.stdout.write(
    `${JSON.stringify({
      ...fixture,
      fixtureMs: Math.round(done - seeded),
      totalMs: Math.round(done - started),
    })}\n`,
  );
} finally {
  await database.close();
}
