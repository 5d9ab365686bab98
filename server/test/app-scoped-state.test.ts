/**
 * Two apps built in one process keep their own settings (architecture.md): the base of the mails'
 * links (PUBLIC_URL) and whether saved videos queue media jobs (ffmpeg found or not) are the app's
 * own, even after a second app with other settings was built in the same process — nothing an
 * app is built with lives in a module global another app overwrites.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerItems } from '../src/db/schema/index.js';
import { buildAnswersScenario, type AnswersScenario } from './helpers/answers.js';
import { buildTestApp, type TestContext } from './helpers/build.js';
import { chromeWebm, mediaSteps } from './helpers/media-answers.js';

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
