/**
 * Two apps built in one process keep their own settings (architecture.md): the base of the mails'
 * links (PUBLIC_URL), whether saved videos queue media jobs (ffmpeg found or not), the bucket a
 * direct (S3) upload is checked in and the key file URLs are signed with (JWT_SECRET) are the
 * app's own, even after a second app with other settings was built in the same process — nothing
 * an app is built with lives in a module global another app overwrites.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaType } from '@practica/contract';
import { answerItems, users } from '../src/db/schema/index.js';
import { createFileUrls, defaultFileUrlLifetimeMs } from '../src/modules/files/index.js';
import { buildAnswersScenario, type AnswersScenario } from './helpers/answers.js';
import { bearer, buildTestApp, tokenFor, type TestContext } from './helpers/build.js';
import { chromeWebm, mediaSteps } from './helpers/media-answers.js';
import * as media from './helpers/media-fixtures.js';
import { startS3Server, type TestS3Server } from './helpers/s3-server.js';
import { buildWithPlugins } from './helpers/with-plugins.js';

const firstUrl = 'https://first.practica.example';
const secondUrl = 'https://second.practica.example';

let first: AnswersScenario;
let second: TestContext;

beforeAll(async () => {
  first = await buildAnswersScenario({ PUBLIC_URL: firstUrl });
  // Built after the first, with other settings (no ffmpeg): they must not leak into the first app.
  second = await buildTestApp(
    {
      PUBLIC_URL: secondUrl,
      FFMPEG_PATH: '/nonexistent/ffmpeg',
      FFPROBE_PATH: '/nonexistent/ffprobe',
    },
    { seed: false },
  );
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** The links of the mails of `kind` to `who`@demo.test in the first app's dev mailbox. */
async function linksOf(who: string, kind: string): Promise<string[]> {
  const res = await first.app.inject({
    url: `/dev/mailbox.json?to=${encodeURIComponent(`${who}@demo.test`)}&limit=500`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = (res.json() as { data: { list: { kind: string; links: string[] }[] } }).data.list;
  return list.filter((m) => m.kind === kind).flatMap((m) => m.links);
}

describe('two apps in one process', () => {
  it("mail links start with each app's own PUBLIC_URL", async () => {
    const add = await first.call('PUT', `/api/assignments/${first.assignment}/add`, 'manager', {
      ids: [first.ids.priya],
    });
    expect(add.statusCode, add.body).toBe(200);
    const links = await linksOf('priya', 'assignment-added');
    expect(links).toContain(`${firstUrl}/practice/assignments/${first.assignment}`);
    expect(links).toContain(`${firstUrl}/practice/settings`);
    expect(links.filter((l) => l.startsWith(secondUrl))).toEqual([]);
  });

  it('a saved video queues its media job when this app has ffmpeg, whatever the other app has', async () => {
    expect(first.app.media.tools).not.toBeNull();
    expect(second.app.media.tools).toBeNull();
    const steps = mediaSteps(() => first);
    await steps.record(0, chromeWebm, 'first.webm');
    const [item] = await first.db
      .select({ id: answerItems.id })
      .from(answerItems)
      .where(
        and(
          eq(answerItems.answerId, await first.answerIdOf('trainee')),
          eq(answerItems.questionId, steps.q(0)),
        ),
      );
    expect(await steps.jobsOf(item!.id)).toHaveLength(1);
    expect((await steps.itemOf(0)).media.status).toBe('processing');
  });
});

/**
 * Uploads a PNG through POST /files/upload in `ctx`, `send` putting the bytes at the upload URL it
 * answers (true when stored), and saves it as instructor@demo.test's profile image. Answers the
 * user as PUT /users/{id} answers it, with the id of the upload.
 */
async function saveProfileImage(
  ctx: TestContext,
  send: (uploadUrl: string) => Promise<boolean>,
): Promise<{ imageId: number; image: { url: string }; uploadedId: number }> {
  const token = await tokenFor(ctx.app, 'instructor@demo.test');
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: bearer(token),
    payload: {
      name: 'photo.png',
      extension: 'png',
      fileTypeId: MediaType.Image,
      size: media.png.length,
    },
  });
  expect(start.statusCode, start.body).toBe(200);
  const { id, url } = start.json().data as { id: number; url: string };
  expect(await send(url)).toBe(true);
  const [me] = await ctx.testDb.database.db
    .select()
    .from(users)
    .where(eq(users.email, 'instructor@demo.test'));
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${me!.id}`,
    headers: bearer(token),
    payload: { firstName: me!.firstName, lastName: me!.lastName, imageId: id },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...(saved.json().data as { imageId: number; image: { url: string } }), uploadedId: id };
}

describe('two apps on two buckets in one process', () => {
  let ownBucket: TestS3Server;
  let otherBucket: TestS3Server;
  let own: TestContext;
  let other: TestContext;

  beforeAll(async () => {
    ownBucket = await startS3Server();
    otherBucket = await startS3Server({ bucket: 'practica-other' });
    own = await buildWithPlugins(ownBucket.env);
    // Built after, on another bucket: the first app must still check uploads in its own.
    other = await buildWithPlugins(otherBucket.env);
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await own?.close();
    await otherBucket?.close();
    await ownBucket?.close();
  });

  it("checks a direct upload in the app's own bucket on first use", async () => {
    const saved = await saveProfileImage(own, async (url) => {
      const put = await fetch(url, {
        method: 'PUT',
        body: media.png,
        headers: { 'content-type': 'image/png' },
      });
      return put.ok;
    });
    expect(saved.imageId).toBe(saved.uploadedId);
  });
});

describe('two apps with different secrets in one process', () => {
  const ownSecret = 'own-secret-own-secret-own-secret-0123456789';
  const otherSecret = 'other-secret-other-secret-other-secret-012345';
  let own: TestContext;
  let other: TestContext;

  beforeAll(async () => {
    own = await buildTestApp({ JWT_SECRET: ownSecret });
    // Built after, with another secret: the first app must still sign with its own.
    other = await buildTestApp({ JWT_SECRET: otherSecret });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await own?.close();
  });

  /** The URL of instructor@demo.test's new profile image in `ctx`, as the user's answer shows it. */
  async function profileImageUrl(ctx: TestContext): Promise<string> {
    const saved = await saveProfileImage(ctx, async (url) => {
      const put = await ctx.app.inject({
        method: 'PUT',
        url,
        payload: media.png,
        headers: { 'content-type': 'image/png' },
      });
      return put.statusCode === 200;
    });
    return saved.image.url;
  }

  it("signs each app's file URLs with its own JWT_SECRET: each verifies on its own app only", async () => {
    const ownUrl = await profileImageUrl(own);
    const otherUrl = await profileImageUrl(other);
    expect((await own.app.inject({ url: ownUrl })).statusCode).toBe(200);
    expect((await other.app.inject({ url: otherUrl })).statusCode).toBe(200);
    // The signature is checked first: another app's URL is a 403, whatever the key.
    expect((await other.app.inject({ url: ownUrl })).statusCode).toBe(403);
    expect((await own.app.inject({ url: otherUrl })).statusCode).toBe(403);
    // The wire format is the signer's of that secret: `/files/<key>?expires=…&signature=…`.
    // Signed for the moment the URL was made (its expiry window), which the test may have left.
    const url = new URL(ownUrl, 'http://localhost');
    const key = url.pathname.slice('/files/'.length);
    const signedAtMs = Number(url.searchParams.get('expires')) * 1000 - defaultFileUrlLifetimeMs;
    const signer = createFileUrls({
      jwtSecret: ownSecret,
      fileUrlLifetimeMs: defaultFileUrlLifetimeMs,
    });
    expect(ownUrl).toBe(signer.sign(key, signedAtMs));
  });
});
