/**
 * Content test helpers (decisions.md#content-authoring): builds the app with the demo avatars and content seeded through
 * the app's own storage, signs in the demo accounts, and finds seeded rows by name.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { MediaType } from '@practica/contract';
import type { Db } from '../../src/db/client.js';
import { contents, interviewRoles, questions } from '../../src/db/schema/index.js';
import { seedAssets } from '../../src/seed/assets.js';
import { seedAssignments } from '../../src/seed/assignments.js';
import { seedContents } from '../../src/seed/contents.js';
import { buildTestApp, type TestContext } from './build.js';
import { demoActors, demoSession, type Call } from './demo-fixture.js';
import * as media from './media-fixtures.js';

/** The demo accounts the content tests sign in as, by short name. */
export const contentActors = demoActors;
export type ContentActor = (typeof contentActors)[number];

export interface ContentTestContext extends TestContext {
  tokens: Record<ContentActor, string>;
  org: { demo: number; northwind: number };
  db: Db;
  call: Call<ContentActor>;
}

/**
 * The production app on a fresh database with the demo data, the demo assets and the demo content
 * (stored through `app.files.storage`), and the demo assignments (`assignments`, default false).
 */
export async function buildContentApp({ assignments = false } = {}): Promise<ContentTestContext> {
  const ctx = await buildTestApp();
  const db = ctx.testDb.database.db;
  await seedAssets(db, ctx.app.files.storage);
  await seedContents(db, ctx.app.files.storage);
  if (assignments) await seedAssignments(db);
  return { ...ctx, ...(await demoSession(ctx, contentActors)), db };
}

/** GET `url` as `who`, expecting 200: the answer's list and count. */
export async function listAs<T>(
  ctx: ContentTestContext,
  url: string,
  who: ContentActor,
): Promise<{ list: T[]; count: number }> {
  const res = await ctx.call('GET', url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: T[]; count: number };
}

/** The names of a list, sorted. */
export const sortedNames = (list: readonly { name: string }[]) => list.map((c) => c.name).sort();

/** The id of the content named `name` (throws when missing). */
export async function contentId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: contents.id }).from(contents).where(eq(contents.name, name));
  if (!row) throw new Error(`no content ${name}`);
  return row.id;
}

/** The content row with this id. */
export async function contentRow(db: Db, id: number) {
  const [row] = await db.select().from(contents).where(eq(contents.id, id));
  return row;
}

/** The role ids of an interview, in order. */
export async function roleIdsOf(db: Db, interviewId: number): Promise<number[]> {
  const rows = await db
    .select({ id: interviewRoles.id, position: interviewRoles.position })
    .from(interviewRoles)
    .where(eq(interviewRoles.contentId, interviewId));
  return rows.sort((a, b) => a.position - b.position).map((r) => r.id);
}

/** The question ids of a content, in order. */
export async function questionIdsOf(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: questions.id, position: questions.position })
    .from(questions)
    .where(eq(questions.contentId, id));
  return rows.sort((a, b) => a.position - b.position || a.id - b.id).map((r) => r.id);
}

/** Uploads `bytes` as an mp3 through POST /files/upload and the signed PUT; answers the file id. */
export async function uploadAudio(
  ctx: ContentTestContext,
  who: ContentActor = 'instructor',
  bytes: Buffer = media.mp3,
): Promise<number> {
  const start = await ctx.call('POST', '/api/files/upload', who, {
    name: 'prompt.mp3',
    extension: 'mp3',
    fileTypeId: MediaType.Audio,
    size: bytes.length,
  });
  if (start.statusCode !== 200) throw new Error(`upload: ${start.statusCode} ${start.body}`);
  const { id, url } = start.json().data as { id: number; url: string };
  const put = await ctx.app.inject({ method: 'PUT', url, payload: bytes });
  if (put.statusCode !== 200) throw new Error(`put: ${put.statusCode} ${put.body}`);
  return id;
}
