/**
 * The scenarios every engine runs, as practice.spec.ts and review-comments.spec.ts run them in
 * Chromium, with the same texts (the apps' text modules):
 * - the trainee's journey at 375 × 812 px: registers from an invite, signs in to the practice app,
 *   passes the device check (camera and microphone shown working), records every question of an
 *   Active assignment (the first one retaken), waits for every upload, submits with the
 *   confirmation; later reads the review with its time-coded comment and plays their own videos
 *   (the server's MP4s with posters);
 * - the reviewer's playback at 1440 × 900 px in the console: signs in as a reviewer, opens the
 *   answer, its video shows the poster, plays (currentTime advances), seeks, and the duration is
 *   the take's.
 * Between the two the reviewer comments and reviews through the API. Each step is timed; the
 * first failing step ends the flow (the runner may retry the whole flow once).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, messages, type AnswerDetail, type AssignmentDetail } from '@practica/contract';
import { appText } from '../practice/src/app/app-text';
import { practiceText } from '../practice/src/features/practice/practice-text';
import { reviewCommentsText } from '../practice/src/features/practice/review-comments-text';
import { inviteText } from '../src/config/organization-text';
import { paths } from '@shared/config/paths';
import { reviewText } from '../src/config/review-text';
import {
  Api,
  activeAssignment,
  addToAssignment,
  answerIdOf,
  comment,
  demoAccounts,
  inviteTrainee,
  review,
  waitForPlayback,
  type Trainee,
} from './api';
import type { Engine, Surface } from './browser';
import type { Query } from './dom';
import { installPageLog, markPageLog, readPageLog } from './page-log';

/** One step's outcome; `ms` its wall time. */
export interface StepResult {
  step: string;
  ok: boolean;
  ms: number;
  error?: string;
}

/** Runs and times the steps of one flow, printing each as it ends. */
export class Steps {
  readonly results: StepResult[] = [];
  constructor(private readonly print: (line: string) => void) {}

  /** Runs `fn` as step `name`; rethrows its error after recording it. */
  async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      const value = await fn();
      const ms = Date.now() - started;
      this.results.push({ step: name, ok: true, ms });
      this.print(`    ✓ ${name} (${(ms / 1000).toFixed(1)} s)`);
      return value;
    } catch (error) {
      const ms = Date.now() - started;
      const message = error instanceof Error ? error.message : String(error);
      this.results.push({ step: name, ok: false, ms, error: message });
      this.print(`    ✗ ${name} (${(ms / 1000).toFixed(1)} s): ${message.split('\n')[0]}`);
      throw error;
    }
  }
}

/** What a flow measured beyond pass/fail: the recorded take's container and codecs. */
export interface FlowFacts {
  recorded?: string;
}

/** The phone and desktop viewports, CSS px. */
export const phone = { width: 375, height: 812 } as const;
export const desktop = { width: 1440, height: 900 } as const;

/** How long each take records, ms. */
const takeMs = 1_500;
/** First check after a page load: a busy machine may take a while to boot an app. */
const pageLoad = 20_000;
/** The stars of the API review, and the moment of its comment, ms. */
const stars = 4;
const commentAtMs = 1_000;
const commentText = 'Good eye contact here; slow down a little.';

const button = (name: string, exact = true): Query => ({ role: 'button', name, exact });
const heading = (name: string): Query => ({ role: 'heading', name, exact: true });
const textbox = (name: string): Query => ({ role: 'textbox', name, exact: true });
const text = (t: string, nth = 0): Query => ({ text: t, nth });

/** A page path without the signature query (each signing window signs a file URL anew). */
const pathOf = (url: string) => new URL(url, 'http://x').pathname;

/** Fails when the page scrolls sideways (wider than the viewport) at `where`. */
async function fitsWidth(s: Surface, where: string): Promise<void> {
  const [scroll, inner] = await s.evaluate<[number, number]>(
    '() => [document.documentElement.scrollWidth, window.innerWidth]',
  );
  if (scroll > inner + 1) throw new Error(`${where} scrolls sideways: ${scroll} px in ${inner} px`);
}

/** Records one take: Record, `takeMs` of camera, Stop; waits for Retake. */
async function recordTake(app: Surface): Promise<void> {
  await app.evaluate(markPageLog, ['click Record']);
  await app.click(button(practiceText.record));
  await app.waitFor({ text: practiceText.announce.recording, visible: false });
  await new Promise((r) => setTimeout(r, takeMs));
  await app.evaluate(markPageLog, ['click Stop']);
  await app.click(button(practiceText.stop));
  await app.waitFor(button(practiceText.retake, false), 15_000);
  await app.evaluate(markPageLog, ['found Retake']);
}

/**
 * In the page: each expected video (by aria-label) must play its MP4 (`path`) with a poster; all
 * play muted at once until `minS` s. Answers the problems, none when all played.
 */
const playAllMuted = `async (expected, minS) => {
  const problems = [];
  await Promise.all(expected.map(async ({ label, path }) => {
    const el = [...document.querySelectorAll('video')].find((v) => v.getAttribute('aria-label') === label);
    if (!el) { problems.push(label + ': no video'); return; }
    const src = new URL(el.currentSrc || el.src, location.href).pathname;
    if (src !== path) problems.push(label + ' plays ' + src + ', not its MP4 ' + path);
    if (!el.poster) problems.push(label + ': no poster');
    el.muted = true;
    try { await el.play(); } catch (e) { problems.push(label + ': play() ' + e); return; }
    const until = Date.now() + 15000;
    while (el.currentTime < minS) {
      if (Date.now() > until) { problems.push(label + ': currentTime stayed at ' + el.currentTime + ' (readyState ' + el.readyState + ', error ' + (el.error && el.error.message) + ')'); break; }
      await new Promise((r) => setTimeout(r, 100));
    }
    el.pause();
  }));
  return problems;
}`;

interface Probe {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_name?: string; profile?: string }[];
}

/**
 * ffprobe's `entries` (`-show_entries`) of the file at `url` (relative to the server, read with
 * the reviewer's token): `{bytes, info}`, or a sentence saying why not (unreadable, no ffprobe).
 */
async function probeFile(
  reviewer: Api,
  url: string,
  entries: string,
): Promise<{ bytes: number; info: Probe | null } | string> {
  const answer = await fetch(new URL(url, reviewer.baseUrl), {
    headers: { authorization: `Bearer ${reviewer.token}` },
  });
  if (!answer.ok) return `not readable (${answer.status})`;
  const bytes = Buffer.from(await answer.arrayBuffer());
  const folder = mkdtempSync(join(tmpdir(), 'practica-engines-take-'));
  try {
    const file = join(folder, 'take');
    writeFileSync(file, bytes);
    const probe = spawnSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', entries, '-of', 'json', file],
      {
        encoding: 'utf8',
      },
    );
    return {
      bytes: bytes.length,
      info: probe.status === 0 ? (JSON.parse(probe.stdout) as Probe) : null,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The container and streams of the take the browser recorded (its original upload), via ffprobe. */
async function probeOriginal(reviewer: Api, detail: AnswerDetail): Promise<string> {
  const item = detail.data.interviewAnswer.answers[0];
  if (!item?.file) return 'no original file';
  const probed = await probeFile(
    reviewer,
    item.file.url,
    'format=format_name:stream=codec_name,profile',
  );
  if (typeof probed === 'string') return `original ${probed}`;
  if (!probed.info) return `${probed.bytes} bytes (ffprobe unavailable)`;
  const streams = (probed.info.streams ?? [])
    .map(
      (st) => `${st.codec_name}${st.profile && /[a-z]/i.test(st.profile) ? ` ${st.profile}` : ''}`,
    )
    .join(' + ');
  const name = probed.info.format?.format_name ?? '';
  const container = name.includes('webm') ? 'WebM' : name.includes('mp4') ? 'MP4' : name;
  return `${container} (${streams}), ${probed.bytes} bytes`;
}

/** The length in seconds of the file at `url` by ffprobe; throws when it cannot be read. */
async function probeDuration(reviewer: Api, url: string): Promise<number> {
  const probed = await probeFile(reviewer, url, 'format=duration');
  if (typeof probed === 'string') throw new Error(`${url} ${probed}`);
  const duration = Number(probed.info?.format?.duration);
  if (!Number.isFinite(duration)) throw new Error(`ffprobe reads no duration from ${url}`);
  return duration;
}

/**
 * Runs the trainee's journey and the reviewer's playback in `engine` against the server at
 * `baseUrl`, screenshots into `shots` (`NN-name.png`). Throws at the first failing step (recorded
 * in `steps`).
 */
export async function traineeAndReviewer(
  engine: Engine,
  baseUrl: string,
  steps: Steps,
  shots: string,
  facts: FlowFacts,
): Promise<void> {
  const shot = (name: string) => join(shots, `${name}.png`);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const trainee: Trainee = {
    firstName: 'Pia',
    lastName: 'Engines',
    email: `engines-${engine.name}-${tag}@demo.test`,
    password: 'practise1',
  };
  const manager = await Api.signIn(baseUrl, demoAccounts.manager, demoAccounts.password);
  const instructor = await Api.signIn(baseUrl, demoAccounts.instructor, demoAccounts.password);
  const windows: Surface[] = [];
  try {
    const app = await steps.run('open a 375 px window', async () => {
      const s = await engine.open(baseUrl);
      windows.push(s);
      await s.setViewport(phone.width, phone.height);
      const width = await s.evaluate<number>('() => window.innerWidth');
      if (width !== phone.width)
        throw new Error(`viewport is ${width} px wide, not ${phone.width}`);
      return s;
    });

    let assignment: AssignmentDetail | undefined;
    let traineeId = 0;
    await steps.run('register from an invite', async () => {
      const token = await inviteTrainee(manager, trainee);
      await app.goto(`/invite-registration/${token}`);
      await app.fill(textbox(messages.password), trainee.password, pageLoad);
      await app.fill(textbox(messages.repeatPassword), trainee.password);
      await app.click(button(inviteText.createAccount));
      await app.poll<string>(
        '() => location.pathname',
        [],
        (p) => p.startsWith('/practice/'),
        'lands in /practice/',
        pageLoad,
      );
      assignment = await activeAssignment(manager);
      traineeId = await addToAssignment(manager, assignment.id, trainee.email);
    });
    const active = assignment!;
    const questions = active.data.interview!.questions;

    await steps.run('sign in to the practice app', async () => {
      await app.goto('/practice/');
      await app.fill(textbox(messages.emailAddress), trainee.email, pageLoad);
      await app.fill(textbox(messages.password), trainee.password);
      await app.click(button(messages.login));
      await app.waitFor(heading(appText.homeTitle), pageLoad);
      await app.waitFor(text(active.name));
      await fitsWidth(app, 'home');
      await app.screenshot(shot('01-home'));
    });

    await steps.run('device check: camera and microphone work', async () => {
      await app.evaluate(installPageLog);
      await app.click({ role: 'link', name: appText.startPractice, exact: true });
      await app.waitFor(heading(practiceText.deviceCheckTitle), pageLoad);
      await app.waitFor(text(practiceText.cameraWorks), pageLoad);
      await app.waitFor(text(practiceText.microphoneWorks), pageLoad);
      await fitsWidth(app, 'device check');
      await app.screenshot(shot('02-device-check'));
      await app.click(button(practiceText.startPractice));
    });

    for (const [i, question] of questions.entries()) {
      await steps.run(
        `record question ${i + 1} of ${questions.length}${i === 0 ? ' (with a retake)' : ''}`,
        async () => {
          await app.waitFor(heading(practiceText.questionOf(i + 1, questions.length)), pageLoad);
          await app.waitFor(text(question.text));
          await recordTake(app);
          if (i === 0) {
            await app.screenshot(shot('03-recorded-take'));
            await app.evaluate(markPageLog, ['click Retake']);
            await app.click(button(practiceText.retake, false));
            await app.evaluate(markPageLog, ['clicked Retake']);
            await recordTake(app);
          }
          // The recorder's own word for this take first: after a retake the uploads list still
          // shows the replaced take 'on the server' until the new one is kept.
          await app.waitFor({ text: practiceText.announce.uploaded, visible: false }, 30_000);
          const done = `${format.questionShortLabel(i + 1)}: ${practiceText.uploadDone}`;
          await app.waitFor({ text: done, visible: false }, 30_000);
          if (i < questions.length - 1) await app.click(button(practiceText.nextQuestion));
        },
      );
    }

    await steps.run('submit with the confirmation', async () => {
      await app.waitFor(text(practiceText.allUploaded), 30_000);
      await app.screenshot(shot('04-last-question'));
      await app.click(button(practiceText.submitAnswers));
      await app.click({ ...button(practiceText.submitAnswers), within: '[role=dialog]' });
      await app.waitFor(heading(practiceText.doneTitle), pageLoad);
      await app.waitFor(heading(practiceText.yourAnswers), pageLoad);
      await fitsWidth(app, 'submitted');
      await app.screenshot(shot('05-submitted'));
    });

    const answerId = await answerIdOf(manager, active.id, traineeId);
    const detail = await steps.run('the server makes every take an MP4 with a poster', async () => {
      const ready = await waitForPlayback(instructor, answerId);
      facts.recorded = await probeOriginal(instructor, ready);
      return ready;
    });
    const first = detail.data.interviewAnswer.answers.find(
      (item) => item.questionId === detail.questions[0]!.id,
    )!;

    const desk = await steps.run('reviewer signs in to the console at 1440 px', async () => {
      const s = await engine.open(baseUrl);
      windows.push(s);
      await s.setViewport(desktop.width, desktop.height);
      await s.goto('/login');
      await s.fill(textbox(messages.emailAddress), demoAccounts.instructor, pageLoad);
      await s.fill(textbox(messages.password), demoAccounts.password);
      await s.click(button(messages.login));
      await s.poll<string>(
        '() => location.pathname',
        [],
        (p) => p === paths.dashboard(),
        `lands on ${paths.dashboard()}`,
        pageLoad,
      );
      return s;
    });

    const video: Query = { css: '[data-testid=review-video]' };
    await steps.run('reviewer opens the answer: the MP4 with its poster', async () => {
      await desk.goto(paths.review(answerId));
      await desk.waitFor(video, pageLoad);
      const state = await desk.poll<{ readyState: number; src: string; poster: string }>(
        '(el) => ({ readyState: el.readyState, src: el.currentSrc, poster: el.poster })',
        [],
        (v) => v.readyState > 0,
        'the review video loads',
        pageLoad,
        video,
      );
      if (pathOf(state.src) !== pathOf(first.media.playback!.url))
        throw new Error(
          `plays ${pathOf(state.src)}, not the MP4 ${pathOf(first.media.playback!.url)}`,
        );
      if (pathOf(state.poster) !== pathOf(first.media.poster!.url))
        throw new Error(`poster ${state.poster || '(none)'}, not ${first.media.poster!.url}`);
      await desk.screenshot(shot('06-reviewer-poster'));
    });

    await steps.run('reviewer plays, seeks; the duration is the take’s', async () => {
      await desk.click(button(reviewText.play));
      await desk.poll<number>(
        '(el) => el.currentTime',
        [],
        (t) => t > 0.2,
        'currentTime advances',
        15_000,
        video,
      );
      await desk.click(button(reviewText.pause));
      const duration = await desk.evaluate<number>('(el) => el.duration', [], video);
      // The player reads the MP4's own length. The file holds the take as the engine recorded it:
      // WebKitGTK's mock camera on a busy machine starts its frames up to half a second late (1.0 s
      // files for 1.5 s takes), so the file's floor is half the take.
      const file = await probeDuration(instructor, first.media.playback!.url);
      if (!(file > takeMs / 2000 && file < 10))
        throw new Error(`the MP4 lasts ${file} s for a ${takeMs / 1000} s take`);
      if (!(Math.abs(duration - file) < 0.15))
        throw new Error(
          `duration ${duration} s for an MP4 of ${file} s (a ${takeMs / 1000} s take)`,
        );
      await desk.evaluate(
        `() => { const s = [...document.querySelectorAll('[role=slider]')].find((e) => e.getAttribute('aria-label') === ${JSON.stringify(reviewText.seek)}); if (!s) throw new Error('no seek slider'); s.parentElement.setAttribute('data-engines-seek', ''); }`,
      );
      const before = await desk.poll<{ paused: boolean; seeking: boolean; t: number }>(
        '(el) => ({ paused: el.paused, seeking: el.seeking, t: el.currentTime })',
        [],
        (v) => v.paused && !v.seeking,
        'the video pauses',
        10_000,
        video,
      );
      // A click at 80 % of the seek bar moves there (the pause left it near the start).
      await desk.clickAt({ css: '[data-engines-seek]' }, 0.8, 0.5);
      await desk.poll<number>(
        '(el) => el.currentTime',
        [],
        (t) => Math.abs(t - duration * 0.8) < 0.25 && Math.abs(t - before.t) > 0.1,
        `the seek moves to 80 % of ${duration.toFixed(2)} s (from ${before.t.toFixed(2)} s)`,
        10_000,
        video,
      );
      await desk.screenshot(shot('07-reviewer-playback'));
    });

    await steps.run('reviewer comments at 0:01 and reviews through the API', async () => {
      await comment(instructor, answerId, first.questionId, commentAtMs, commentText);
      await review(instructor, active, answerId, stars);
    });

    await steps.run('trainee reads the review with its time-coded comment', async () => {
      await app.goto(`/practice/assignments/${active.id}/review`);
      await app.waitFor(text(appText.scoreOutOf(stars, 5)), pageLoad);
      await app.waitFor(text(commentText));
      await app.waitFor(button(reviewCommentsText.marker('0:01')));
      await fitsWidth(app, 'review');
      await app.screenshot(shot('08-review'));
    });

    await steps.run(
      'trainee’s own videos play (MP4 with poster), from the comment too',
      async () => {
        const expected = detail.data.interviewAnswer.answers.map((item, i) => ({
          label: practiceText.answerVideoLabel(`Q${i + 1}`),
          path: pathOf(item.media.playback!.url),
        }));
        // Every video at once, muted (allowed without a gesture in every engine).
        const played = await app.evaluate<string[]>(playAllMuted, [expected, 0.3]);
        if (played.length > 0) throw new Error(played.join('; '));
        const q1: Query = { role: 'video', name: expected[0]!.label, exact: true };
        await app.evaluate('(el) => { el.currentTime = 0; }', [], q1);
        await app.click(button(reviewCommentsText.marker('0:01')));
        await app.poll<number>(
          '(el) => el.currentTime',
          [],
          (t) => t >= commentAtMs / 1000,
          'the comment plays the video from 0:01',
          10_000,
          q1,
        );
      },
    );
  } catch (error) {
    // What each window showed when the step failed.
    for (const [i, w] of windows.entries()) {
      await w.screenshot(shot(`failure-window-${i + 1}`)).catch(() => undefined);
      const log = await w.evaluate<string[]>(readPageLog).catch((e: unknown) => [String(e)]);
      writeFileSync(join(shots, `failure-window-${i + 1}-log.txt`), `${log.join('\n')}\n`);
    }
    throw error;
  } finally {
    for (const w of windows) await w.close().catch(() => undefined);
  }
}
