/**
 * The review screen's single-key shortcuts wherever the focus is (the player and the panel side by
 * side, as on /dbl/reviews/{id}): after `4` rated R1 and moved the focus to R2's stars, `c` opens a
 * comment and the comment's text (spaces included) is the comment's, never R2's rating; Space and
 * the arrows play and seek from the stars without rating; a click on a star leaves Space and the
 * arrows to the player; a digit with every rating given and none focused changes none. A star the
 * reviewer tabbed to keeps the radio group's keys (the keyboard test covers that).
 */
import { QuestionType } from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewCommentsText } from '../../../config/review-comments-text';
import { renderWithProviders } from '../../../test/render';
import { stubPlayback } from '../../../test/fake-playback';
import { envelope, formQuestion } from '../../../test/review-fixtures';
import { withReviewServer } from '../../../test/review-server';
import { ReviewPanel } from './review-panel';
import {
  playerQuestion,
  rating,
  recordedItem,
  stars,
  submittedAnswer,
} from './review-screen-fixtures';
import { VideoPlayer } from './video-player';

/** Answer 7 with three rating questions, one open feedback question and one recorded video. */
const makeAnswer = () =>
  submittedAnswer({
    id: 7,
    viewed: true,
    feedback: [formQuestion(4, 'Strengths', QuestionType.Open)],
    questions: [playerQuestion(1)],
    items: [recordedItem(1, 60)],
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
