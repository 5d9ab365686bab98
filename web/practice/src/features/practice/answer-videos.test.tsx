/**
 * My answers' videos (decisions.md#media §2) as the trainee sees them on the review screen: Ready plays the
 * MP4 with its poster, Processing the original with the note, Failed the original with the note and
 * no retry (staff retry), Deleted says so without a player, an unanswered question says so; the
 * answer is polled while a submitted video is processing, never during practice.
 */
import {
  AnswerStatus,
  type AnswerItem,
  type AnswerItemMedia,
  type MeAssignmentDetail,
  type MeQuestion,
} from '@practica/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollWhileProcessing, processingPollMs } from '../../api/my-assignments';
import {
  makeAssignmentDetail,
  ok,
  renderPractice,
  signInPractice,
  signOutPractice,
  stubApi,
} from '../../test/render';
import { practiceText } from './practice-text';

/** A lazily loaded page: a busy machine may take seconds to load and render it. */
const lazyPage = { timeout: 10_000 };

function question(n: number): MeQuestion {
  return {
    id: 10 + n,
    number: n,
    text: `Question ${n}`,
    description: '',
    roleId: null,
    roleName: null,
    avatar: null,
    audio: null,
    audios: [],
  };
}

/** The item of question `n`: the original WebM and `media`. */
function item(n: number, media: Partial<AnswerItemMedia>): AnswerItem {
  return {
    id: 20 + n,
    questionId: 10 + n,
    text: null,
    duration: 12,
    fileId: 30 + n,
    file: { id: 30 + n, url: `/files/q${n}.webm?s=a` },
    media: { status: 'original', playback: null, poster: null, deletedAfterDays: null, ...media },
  };
}

/** A Submitted answer with five questions, four of them recorded in each state. */
function detailWith(items: AnswerItem[]): MeAssignmentDetail {
  const detail = makeAssignmentDetail(5, null);
  return {
    ...detail,
    questions: [1, 2, 3, 4, 5].map(question),
    answer: { ...detail.answer, items },
  };
}

const mp4 = { id: 90, url: '/files/q1.mp4?s=a' };
const poster = { id: 91, url: '/files/q1.jpg?s=a' };
const items = [
  item(1, { status: 'ready', playback: mp4, poster }),
  item(2, { status: 'processing' }),
  item(3, { status: 'failed' }),
  { ...item(4, { status: 'deleted', deletedAfterDays: 90 }), fileId: null, file: null },
];

describe('AnswerVideos', () => {
  beforeEach(() => {
    signOutPractice();
    signInPractice();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows each question's video as it plays best, with its state in plain words", async () => {
    stubApi({ 'GET /api/me/assignments/5': () => ok(detailWith(items)) });
    renderPractice('/assignments/5/review');
    const list = await screen.findByRole('heading', { name: practiceText.yourAnswers }, lazyPage);
    const card = list.parentElement!;
    const entry = (n: number) =>
      within(card).getByRole('heading', { name: `Q${n}. Question ${n}` }).parentElement!;
    const videoOf = (n: number) => within(entry(n)).queryByLabelText(`Your answer to Q${n}`);

    expect(videoOf(1)).toHaveAttribute('src', mp4.url);
    expect(videoOf(1)).toHaveAttribute('poster', poster.url);
    expect(within(entry(1)).getByRole('status')).toHaveTextContent(practiceText.media.ready);

    expect(videoOf(2)).toHaveAttribute('src', '/files/q2.webm?s=a');
    expect(within(entry(2)).getByRole('status')).toHaveTextContent(practiceText.media.processing);

    expect(videoOf(3)).toHaveAttribute('src', '/files/q3.webm?s=a');
    expect(within(entry(3)).getByRole('status')).toHaveTextContent(practiceText.media.failed);
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();

    expect(videoOf(4)).not.toBeInTheDocument();
    expect(within(entry(4)).getByRole('status')).toHaveTextContent(
      'The video was deleted after 90 days',
    );

    expect(videoOf(5)).not.toBeInTheDocument();
    expect(within(entry(5)).getByRole('status')).toHaveTextContent(practiceText.media.notRecorded);
  });

  it('polls a submitted answer while a video is processing, never a Pending one', () => {
    const processing = detailWith(items);
    expect(pollWhileProcessing(processing)).toBe(processingPollMs);
    expect(pollWhileProcessing(detailWith([items[0]!, items[2]!]))).toBe(false);
    const pending = {
      ...processing,
      answer: { ...processing.answer, statusId: AnswerStatus.Pending },
    } as MeAssignmentDetail;
    expect(pollWhileProcessing(pending)).toBe(false);
    expect(pollWhileProcessing(undefined)).toBe(false);
  });
});
