/**
 * Tables have owners: each table is written (insert, update, delete) only by the modules listed
 * for it below, and other modules write it through their functions (e.g. `auditInsert`,
 * `outboxInsertSelect`, `claimRelease`, the review statement's `reviewStatementWrites`). Raw SQL
 * names tables by their Drizzle objects (`${answers}`), never as strings, so that renaming a table
 * fails the type check instead of a query at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcRoot = path.resolve(import.meta.dirname, '../../src');

/**
 * Who writes each table (the Drizzle export of db/schema). The first module owns it; the others
 * still write it directly (a table shared by design, or a write not yet moved behind the owner).
 */
const writers: Record<string, readonly string[]> = {
  answerItems: ['answers', 'files', 'media'],
  apiTokens: ['api-tokens'],
  // Kept by triggers of the migrations; no module writes them.
  assignmentAnswerCounts: [],
  organizationSso: ['sso'],
  samlMessageIds: ['sso'],
  organizationTraineeCounts: [],
  // Written by lib/attempt-limiter.ts only, which no module imports around.
  attemptHits: [],
  // Written by lib/rate-limit-store.ts only (the store app.ts gives @fastify/rate-limit).
  rateLimitCounters: [],
  answers: ['answers', 'assignments'],
  assetOrganizations: ['assets'],
  assets: ['assets'],
  assignmentInstructors: ['assignments'],
  assignmentRoles: ['assignments'],
  assignments: ['assignments'],
  auditEvents: ['audit'],
  contacts: ['organizations'],
  contentAnswers: ['answers'],
  contentOrganizations: ['contents'],
  contents: ['contents'],
  files: ['files', 'media'],
  groupMembers: ['groups', 'invites'],
  groups: ['groups'],
  interviewRoles: ['contents'],
  inviteLinks: ['invites'],
  invites: ['invites'],
  mailOutbox: ['mail'],
  mediaJobs: ['media'],
  notificationOptOuts: ['notifications'],
  notificationsSent: ['notifications'],
  organizations: ['organizations'],
  questions: ['contents'],
  questionOptions: ['contents'],
  questionAudios: ['contents'],
  reviewClaims: ['review-claims'],
  reviewComments: ['review-comments'],
  reviewDrafts: ['review-history'],
  reviews: ['answers'],
  storageDeletions: ['files'],
  uploadLedger: ['files'],
  uploadLocks: ['me'],
  userTokens: ['users', 'organizations'],
  users: ['users', 'invites', 'organizations'],
  webhookDeliveries: ['webhooks'],
  webhookEndpoints: ['webhooks'],
};

/** Every .ts file under `dir`, as paths relative to src. */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(srcRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file).split(path.sep).join('/'));
}

/** The file's lines that are code, not comments. */
function codeLines(file: string): { line: number; text: string }[] {
  return readFileSync(path.join(srcRoot, file), 'utf8')
    .split('\n')
    .map((text, i) => ({ line: i + 1, text }))
    .filter(({ text }) => !/^\s*(\*|\/\/|\/\*)/.test(text));
}

/** SQL table name → Drizzle export, read from db/schema. */
function tablesOfSchema(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of sourceFiles('db/schema')) {
    const text = readFileSync(path.join(srcRoot, file), 'utf8');
    for (const [, name, table] of text.matchAll(
      /export const (\w+)\s*=\s*pg\w*Table\(\s*'([a-z_]+)'/g,
    ))
      tables.set(table!, name!);
  }
  return tables;
}

describe('tables', () => {
  const tables = tablesOfSchema();

  it('lists a writer for every table of the schema', () => {
    expect([...tables.values()].sort()).toEqual(Object.keys(writers).sort());
  });

  it('are written only by the modules that own them', () => {
    const builder = /\.(?:insert|update|delete)\((\w+)\)/g;
    const raw = /\b(?:insert into|update|delete from)\s+\$\{(\w+)\}/g;
    const strays: string[] = [];
    for (const file of sourceFiles('modules')) {
      const module = file.split('/')[1]!;
      for (const { line, text } of codeLines(file)) {
        for (const [, table] of [...text.matchAll(builder), ...text.matchAll(raw)]) {
          if (!(table! in writers)) continue; // a storage key or a local name, not a table
          if (!writers[table!]!.includes(module)) strays.push(`${file}:${line} writes ${table}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });

  it('are named by their Drizzle objects in raw SQL, never as strings', () => {
    const byLength = [...tables.keys()].sort((a, b) => b.length - a.length);
    const names = byLength.join('|');
    // A qualified column (`review_claims.user_id`) is only told from JavaScript by the underscore.
    const snake = byLength.filter((name) => name.includes('_')).join('|');
    const named = new RegExp(
      `\\b(?:from|join|into|update|exists \\(select 1 from)\\s+(?:${names})\\b|(?<![\\w."'/-])(?:${snake})\\.[a-z_]+\\b`,
    );
    const strays = sourceFiles('.')
      .filter((file) => !file.startsWith('db/schema/'))
      .flatMap((file) =>
        codeLines(file)
          .filter(({ text }) => named.test(text))
          .map(({ line, text }) => `${file}:${line}: ${text.trim()}`),
      );
    expect(strays).toEqual([]);
  });
});
