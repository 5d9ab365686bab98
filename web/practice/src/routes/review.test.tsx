/** The review screen: score, stars with their text, feedback, reviewer and date; not reviewed yet. */
import { ratingScaleMax } from '@practica/contract';
import { screen } from '@testing-library/react';
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
          }),
        ),
    });
    renderPractice('/assignments/5/review');

    expect(await screen.findByRole('heading', { name: 'Assignment 5' })).toBeInTheDocument();
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

  it('says the answer is not reviewed yet and links home', async () => {
    stubApi({ 'GET /api/me/assignments/6': () => ok(makeAssignmentDetail(6, null)) });
    renderPractice('/assignments/6/review');
    expect(
      await screen.findByRole('heading', { name: appText.notReviewedTitle }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: appText.backHome })[0]).toHaveAttribute('href', '/');
  });

  it('answers an id that is not a number with the not-found page', async () => {
    const api = stubApi({});
    renderPractice('/assignments/abc/review');
    expect(await screen.findByText(appText.notFoundBody)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});
