/**
 * The review screen's single-key shortcuts wherever the focus is (the player and the panel side by
 * side, as on /dbl/reviews/{id}): after `4` rated R1 and moved the focus to R2's stars, `c` opens a
 * comment and the comment's text (spaces included) is the comment's, never R2's rating; Space and
 * the arrows play and seek from the stars without rating; a click on a star leaves Space and the
 * arrows to the player; a digit with every rating given and none focused changes none. A star the
 * reviewer tabbed to keeps the radio group's keys (the keyboard test covers that).
 */
import {
  AnswerStatus,
  QuestionType,
  type AnswerDetail,
  type AnswerItem,
  type AnswerQuestion,
} from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewCommentsText } from '../../../config/review-comments-text';
import { renderWithProviders } from '../../../test/render';
import { stubPlayback } from '../../../test/fake-playback';
import { withReviewServer } from '../../../test/review-server';
import { ReviewPanel } from './review-panel';
import { VideoPlayer } from './video-player';

const question = (id: number, text: string, questionTypeId: number, options: string[] = []) => ({
  id,
  text,
  description: '',
  questionTypeId,
  interviewRoleId: null,
  contentId: 1,
  tags: [],
  options: options.map((o, i) => ({ id: id * 10 + i, text: o, correctAnswer: 0 })),
});

const videoQuestion: AnswerQuestion = {
  id: 101,
  number: 1,
  text: 'Tell us about you',
  description: '',
  interviewRoleId: null,
  roleName: null,
  avatar: null,
};
const videoItem: AnswerItem = {
  id: 201,
  questionId: 101,
  text: null,
  duration: 60,
  fileId: 301,
  file: { id: 301, url: '/files/answer-q1.mp4' },
  media: { status: 'original', playback: null, poster: null, deletedAfterDays: null },
};

/** Answer 7 with three rating questions and one open feedback question. */
function makeAnswer(): AnswerDetail {
  return {
    id: 7,
    userId: 9,
    user: { id: 9, firstName: 'Tessa', lastName: 'Tran' },
    statusId: AnswerStatus.Submitted,
    submittedAt: '2026-11-20T14:05:00.000Z',
    viewed: true,
    canReview: true,
    assignmentId: 3,
    reviewVersion: 0,
    claim: null,
    data: {
      interviewAnswer: { answers: [videoItem] },
      ratingsAnswer: null,
      feedbackAnswer: null,
      practiceCounter: 1,
    },
    questions: [videoQuestion],
    assignment: {
      id: 3,
      name: 'Pitch',
      organizationId: 1,
      data: {
        ratingsId: 20,
        feedbackId: 30,
        ratings: {
          questions: [
            question(1, 'Clarity', QuestionType.Rating),
            question(2, 'Confidence', QuestionType.Rating),
            question(3, 'Structure', QuestionType.Rating),
          ],
        },
        feedback: { questions: [question(4, 'Strengths', QuestionType.Open)] },
      },
    },
  } as unknown as AnswerDetail;
}

// jsdom has no `document.fonts`, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, message: '', data, error: null }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  window.localStorage.clear();
  stubPlayback();
  // The comments of the answer (none yet); every other call the fake review server answers.
  vi.stubGlobal(
    'fetch',
    withReviewServer(
      vi.fn((input: string) =>
        Promise.resolve(
          input.includes('/comments') ? envelope({ list: [] }) : new Response('', { status: 404 }),
        ),
      ),
    ),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderScreen() {
  const user = userEvent.setup({ delay: null });
  const answer = makeAnswer();
  renderWithProviders(
    <>
      <VideoPlayer
        answerId={answer.id}
        organizationId={1}
        questions={answer.questions}
        items={answer.data.interviewAnswer.answers}
        comments={{ canAdd: true, reviewedAt: null }}
      />
      <ReviewPanel answer={answer} />
    </>,
  );
  return user;
}

/** The radio group of rating question `label`. */
const stars = (label: RegExp) => screen.getByRole('radiogroup', { name: label });
/** The checked star of a group (0: none). */
const rating = (group: HTMLElement) =>
  Number(
    within(group)
      .queryAllByRole('radio', { hidden: true })
      .find((r) => (r as HTMLInputElement).checked)
      ?.getAttribute('value') ?? 0,
  );
const video = () => screen.getByTestId('review-video') as HTMLVideoElement;
const focusIn = (element: HTMLElement) =>
  waitFor(() => expect(element).toContainElement(document.activeElement as HTMLElement));

describe('review screen keys wherever the focus is', () => {
  it('after 4 moved the focus to R2, c opens a comment and its text never rates R2', async () => {
    const user = renderScreen();
    await user.keyboard('4');
    expect(rating(stars(/R1: Clarity/))).toBe(4);
    await focusIn(stars(/R2: Confidence/));

    await user.keyboard('c');
    const field = await screen.findByRole('textbox', {
      name: reviewCommentsText.addLabel('0:00'),
    });
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.keyboard('Good pace here');
    expect(field).toHaveValue('Good pace here');
    expect(rating(stars(/R2: Confidence/))).toBe(0);
    expect(rating(stars(/R1: Clarity/))).toBe(4);
  });

  it('Space and the arrows on the stars the screen focused play and seek, never rate', async () => {
    const user = renderScreen();
    await user.keyboard('4');
    await focusIn(stars(/R2: Confidence/));
    expect(video().paused).toBe(true);
    await user.keyboard(' ');
    expect(video().paused).toBe(false);
    await user.keyboard('{ArrowRight}');
    expect(video().currentTime).toBe(5);
    await user.keyboard('{ArrowLeft}');
    expect(rating(stars(/R2: Confidence/))).toBe(0);
    // The next digit still rates the focused question.
    await user.keyboard('2');
    expect(rating(stars(/R2: Confidence/))).toBe(2);
  });

  it('after a click on a star, Space plays and the arrows seek without changing that rating', async () => {
    const user = renderScreen();
    const group = stars(/R1: Clarity/);
    const star = within(group).getByRole('radio', { name: '4' });
    await user.click(document.querySelector(`label[for="${star.id}"]`) as HTMLElement);
    expect(rating(group)).toBe(4);
    await focusIn(group);
    await user.keyboard(' ');
    expect(video().paused).toBe(false);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(rating(group)).toBe(4);
    expect(video().currentTime).toBe(10);
  });

  it('a digit with every rating given and none focused changes none', async () => {
    window.localStorage.setItem(
      'practica.reviewDraft.7',
      JSON.stringify({
        ratings: { 1: '4', 2: '4', 3: '4' },
        feedback: {},
        savedAt: Date.now(),
        pending: true,
      }),
    );
    const user = renderScreen();
    await user.keyboard('2');
    expect([/R1: Clarity/, /R2: Confidence/, /R3: Structure/].map((q) => rating(stars(q)))).toEqual(
      [4, 4, 4],
    );
  });
});
