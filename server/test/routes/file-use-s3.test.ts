/**
 * The one door for attaching an uploaded file (the policy's 'file:use' behind
 * `requireUsableFile`, decisions.md#files) with files on S3 (STORAGE_DRIVER=s3), where a client
 * sends a file by its id alone and the door checks the bytes in the bucket on first use: who may
 * attach whose upload — one's own; staff also an upload of their organization; an admin any; a
 * trainee only its own — and the users module's profile image, which takes only one's own.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaType, messages, type Actor, type RoleId } from '@practica/contract';
import { FileStatus, files, users } from '../../src/db/schema/index.js';
import { requireUsableFile } from '../../src/modules/files/index.js';
import { bearer, tokenFor, type TestContext } from '../helpers/build.js';
import * as media from '../helpers/media-fixtures.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { buildWithPlugins } from '../helpers/with-plugins.js';

const people = ['admin', 'manager', 'manager2', 'instructor', 'trainee'] as const;
type Person = (typeof people)[number];

let s3: TestS3Server;
let ctx: TestContext;
const token = {} as Record<Person, string>;
const actor = {} as Record<Person, Actor>;

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await buildWithPlugins(s3.env);
  for (const who of people) {
    token[who] = await tokenFor(ctx.app, `${who}@demo.test`);
    const [row] = await db()
      .select()
      .from(users)
      .where(eq(users.email, `${who}@demo.test`));
    actor[who] = {
      id: row!.id,
      roleId: row!.roleId as RoleId,
      organizationId: row!.organizationId,
      creator: row!.creator,
    };
  }
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

const db = () => ctx.testDb.database.db;

/** An image `who` uploaded straight to the bucket (presigned PUT), never completed: Pending. */
async function bucketImage(who: Person): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: bearer(token[who]),
    payload: {
      name: 'photo.png',
      extension: 'png',
      fileTypeId: MediaType.Image,
      size: media.png.length,
    },
  });
  if (res.statusCode !== 200) throw new Error(`upload start: ${res.statusCode} ${res.body}`);
  const { id, url } = res.json().data as { id: number; url: string };
  const put = await fetch(url, {
    method: 'PUT',
    body: media.png,
    headers: { 'content-type': 'image/png' },
  });
  if (!put.ok) throw new Error(`bucket PUT: ${put.status}`);
  return id;
}

const statusOf = async (id: number) =>
  (await db().select({ status: files.status }).from(files).where(eq(files.id, id)))[0]?.status;

/** Whether `who` may attach file `id` (the door's answer: the row, or its 400). */
const mayAttach = (who: Person, id: number, ownOnly = false) =>
  requireUsableFile(ctx.app.files, actor[who], id, MediaType.Image, messages.failedToUploadImage, {
    ownOnly,
  }).then(
    () => true,
    (error: { statusCode?: number }) => {
      if (error.statusCode !== 400) throw error;
      return false;
    },
  );

describe('file:use: who attaches whose upload (S3, checked on first use)', () => {
  it("one's own; staff an upload of their organization; an admin any; nobody another organization's", async () => {
    const managers = await bucketImage('manager');
    expect(await statusOf(managers)).toBe(FileStatus.Pending);
    // Refusals never check the bytes: the upload stays Pending for who may use it.
    expect(await mayAttach('manager2', managers)).toBe(false);
    expect(await mayAttach('trainee', managers)).toBe(false);
    expect(await statusOf(managers)).toBe(FileStatus.Pending);
    expect(await mayAttach('instructor', managers)).toBe(true);
    expect(await statusOf(managers)).toBe(FileStatus.Ready);
    expect(await mayAttach('manager', managers)).toBe(true);
    expect(await mayAttach('admin', managers)).toBe(true);
    // A use that takes only one's own upload (a profile image, answer videos).
    expect(await mayAttach('instructor', managers, true)).toBe(false);
    expect(await mayAttach('manager', managers, true)).toBe(true);
  });

  it('a trainee attaches its own upload only', async () => {
    const trainees = await bucketImage('trainee');
    expect(await mayAttach('trainee', trainees, true)).toBe(true);
    expect(await statusOf(trainees)).toBe(FileStatus.Ready);
    expect(await mayAttach('manager2', trainees)).toBe(false);
  });
});

describe('a profile image (PUT /api/users/{id} imageId) goes through the same door', () => {
  const save = async (who: Person, imageId: number) => {
    const [me] = await db().select().from(users).where(eq(users.id, actor[who].id));
    return ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${actor[who].id}`,
      headers: bearer(token[who]),
      payload: { firstName: me!.firstName, lastName: me!.lastName, imageId },
    });
  };

  it("takes one's own bucket upload by its id alone and refuses a colleague's", async () => {
    const own = await bucketImage('instructor');
    const saved = await save('instructor', own);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.imageId).toBe(own);
    expect(await statusOf(own)).toBe(FileStatus.Ready);

    const colleagues = await bucketImage('manager');
    const refused = await save('instructor', colleagues);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: messages.failedToUploadImage,
      error: { details: [{ path: 'imageId', message: messages.failedToUploadImage }] },
    });
  });
});
