/**
 * The review screen: score, stars with their text, feedback, reviewer and date; the reviewer's
 * time-coded comments on my videos (decisions.md#review-loop §3); not reviewed yet.
 */
import { ratingScaleMax } from '@practica/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appText } from '../app/app-text';
import {
  makeAssignmentDetail,
  ok,
  renderPractice,
  signInPractice,
  signOutPractice,
  stubApi,
} from '../test/render';

/** A lazily loaded page: a busy machine may take seconds to load and render it. */
const lazyPage = { timeout: 10_000 };

describe('review', () => {
  beforeEach(() => {
    signOutPractice();
    signInPractice();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the score, each rating with its stars, the feedback, the reviewer and the date', async () => {
    stubApi({
      'GET /api/me/assignments/5': () =>
        ok(
          makeAssignmentDetail(5, {
            score: 4,
            reviewedAt: '2026-11-22T09:30:00.000Z',
            reviewer: { firstName: 'Ian', lastName: 'Instructor' },
            ratings: [
              { questionId: 1, text: 'Clarity', stars: 5 },
              { questionId: 2, text: 'Empathy', stars: 3 },
            ],
            feedback: [
              { questionId: 3, text: 'What went well?', answer: 'Calm and clear.' },
              { questionId: 4, text: 'Focus next', answer: 'Listening, Pace' },
            ],
            comments: [],
          }),
        ),
    });
    renderPractice('/assignments/5/review');

    expect(
      await screen.findByRole('heading', { name: 'Assignment 5' }, lazyPage),
    ).toBeInTheDocument();
    expect(screen.getByText(appText.scoreOutOf(4, ratingScaleMax))).toBeInTheDocument();
    expect(screen.getByText('Clarity')).toBeInTheDocument();
    expect(screen.getByText(appText.starsText(5, ratingScaleMax))).toBeInTheDocument();
    expect(screen.getByText(appText.starsText(3, ratingScaleMax))).toBeInTheDocument();
    expect(screen.getByText('What went well?')).toBeInTheDocument();
    expect(screen.getByText('Calm and clear.')).toBeInTheDocument();
    expect(screen.getByText('Listening, Pace')).toBeInTheDocument();
    expect(
      screen.getByText(appText.reviewedBy('Ian Instructor', '11.22.2026')),
    ).toBeInTheDocument();
    expect(document.title).toBe(`${appText.reviewTitle}: Assignment 5 · ${appText.appName}`);
  });

  it('puts the reviewer’s time-coded comments on my videos: markers and list, each plays from its moment', async () => {
    const detail = makeAssignmentDetail(7, {
      score: 4,
      reviewedAt: '2026-11-22T09:30:00.000Z',
      reviewer: { firstName: 'Ian', lastName: 'Instructor' },
      ratings: [],
      feedback: [],
      comments: [
        { id: 1, questionId: 11, atMs: 3_000, text: 'Strong opening.' },
        { id: 2, questionId: 11, atMs: 9_500, text: 'Slow down here.\nBreathe.' },
        { id: 3, questionId: 12, atMs: 1_000, text: 'Good example.' },
      ],
    });
    const question = (n: number) => ({
      id: 10 + n,
      number: n,
      text: `Question ${n}`,
      description: '',
      roleId: null,
      roleName: null,
      avatar: null,
      audio: null,
      audios: [],
    });
    const item = (n: number) => ({
      id: 20 + n,
      questionId: 10 + n,
      text: null,
      duration: 12,
      fileId: 30 + n,
      file: { id: 30 + n, url: `/files/q${n}.webm?s=a` },
      media: { status: 'original' as const, playback: null, poster: null, deletedAfterDays: null },
    });
    stubApi({
      'GET /api/me/assignments/7': () =>
        ok({
          ...detail,
          questions: [1, 2, 3].map(question),
          answer: { ...detail.answer, items: [1, 2, 3].map(item) },
        }),
    });
    renderPractice('/assignments/7/review');

    const first = (
      await screen.findByRole('heading', { name: 'Q1. Question 1' }, lazyPage)
    ).closest('li')!;
    const video = first.querySelector('video')!;
    const play = vi.fn(() => Promise.resolve());
    video.play = play;
    // Markers sit on a bar the video's length (12 s, its recorded duration until the browser knows).
    const markers = within(first).getAllByRole('button', { name: /^Comment at / });
    expect(markers.map((m) => m.getAttribute('aria-label'))).toEqual([
      'Comment at 0:03',
      'Comment at 0:09',
    ]);
    expect(markers[0]!.style.left).toBe('calc(25% - 6px)');
    expect(within(first).getByText('Strong opening.')).toBeInTheDocument();
    expect(within(first).getByText(/Slow down here\.\s+Breathe\./)).toBeInTheDocument();

    await userEvent.click(markers[1]!);
    expect(video.currentTime).toBe(9.5);
    await userEvent.click(within(first).getByRole('button', { name: 'Play from 0:03' }));
    expect(video.currentTime).toBe(3);
    expect(play).toHaveBeenCalledTimes(2);

    const second = screen.getByRole('heading', { name: 'Q2. Question 2' }).closest('li')!;
    expect(within(second).getAllByRole('button', { name: /^Comment at / })).toHaveLength(1);
    expect(within(second).getByText('Good example.')).toBeInTheDocument();
    const third = screen.getByRole('heading', { name: 'Q3. Question 3' }).closest('li')!;
    expect(within(third).queryByTestId('video-comments')).toBeNull();
  });

  it('says the answer is not reviewed yet and links home', async () => {
    stubApi({ 'GET /api/me/assignments/6': () => ok(makeAssignmentDetail(6, null)) });
    renderPractice('/assignments/6/review');
    expect(
      await screen.findByRole('heading', { name: appText.notReviewedTitle }, lazyPage),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: appText.backHome })[0]).toHaveAttribute('href', '/');
  });

  it('answers an id that is not a number with the not-found page', async () => {
    const api = stubApi({});
    renderPractice('/assignments/abc/review');
    expect(await screen.findByText(appText.notFoundBody, {}, lazyPage)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});
