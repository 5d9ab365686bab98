/**
 * The review history under the review panel (decisions.md#review-loop §5): each completed review's reviewer,
 * time, score and comments count, newest first; Open shows its stars, feedback answers (option
 * texts) and time-coded comments; an instructor is told only its own reviews are listed; a
 * trainee sees nothing and asks nothing.
 */
import { QuestionType, Role, type AnswerDetail, type ReviewHistoryItem } from '@practica/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewHistoryText as text } from '../../../config/review-history-text';
import { makeUser, renderWithProviders, signedOut, signInAsUser } from '../../../test/render';
import { ReviewHistory } from './review-history';

const answer = {
  id: 5,
  userId: 9,
  reviewVersion: 2,
  assignment: {
    organizationId: 1,
    data: {
      ratings: {
        questions: [
          { id: 1, text: 'Clarity', questionTypeId: QuestionType.Rating, options: [] },
          { id: 2, text: 'Pace', questionTypeId: QuestionType.Rating, options: [] },
        ],
      },
      feedback: {
        questions: [
          {
            id: 3,
            text: 'Recommend?',
            questionTypeId: QuestionType.Single,
            options: [
              { id: 31, text: 'Yes', correctAnswer: 0 },
              { id: 32, text: 'No', correctAnswer: 0 },
            ],
          },
        ],
      },
    },
  },
  questions: [{ id: 70 }, { id: 71 }],
} as unknown as AnswerDetail;

const form = (answers: { questionId: number; text: string }[], score: number | null) => ({
  id: 1,
  contentId: 1,
  contentTypeId: 1,
  contentAnswer: { createdAt: '2026-11-20T10:00:00Z', createdBy: null, createdByName: 'x' },
  answers,
  score,
});

const review = (over: Partial<ReviewHistoryItem>): ReviewHistoryItem => ({
  id: 1,
  version: 1,
  reviewer: null,
  reviewerName: 'Ian Instructor',
  createdAt: '2026-11-20T10:00:00Z',
  score: 3.5,
  commentsCount: 0,
  ratingsAnswer: form(
    [
      { questionId: 1, text: '3' },
      { questionId: 2, text: '4' },
    ],
    3.5,
  ),
  feedbackAnswer: form([{ questionId: 3, text: '32' }], null),
  comments: [],
  ...over,
});

const list = [
  review({
    id: 2,
    version: 2,
    reviewerName: 'Maya Manning',
    createdAt: '2026-11-21T09:30:00Z',
    score: 4.5,
    commentsCount: 1,
    ratingsAnswer: form(
      [
        { questionId: 1, text: '5' },
        { questionId: 2, text: '4' },
      ],
      4.5,
    ),
    feedbackAnswer: form([{ questionId: 3, text: '31' }], null),
    comments: [
      {
        id: 8,
        questionId: 71,
        atMs: 65_000,
        text: 'Slow down here.',
        authorName: 'Maya Manning',
        createdAt: '2026-11-21T09:20:00Z',
      },
    ],
  }),
  review({}),
];

const fetchMock = vi.fn((url: string) =>
  Promise.resolve(
    new Response(
      JSON.stringify({
        success: true,
        message: 'OK',
        data: url.includes('/reviews') ? { list, count: list.length } : null,
        error: null,
      }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    ),
  ),
);

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  signedOut();
});

describe('ReviewHistory', () => {
  it('lists every review newest first with reviewer, time, score and comments; Open shows it whole', async () => {
    signInAsUser(makeUser(Role.Manager));
    const user = userEvent.setup();
    renderWithProviders(<ReviewHistory answer={answer} />);
    const rows = await screen.findAllByTestId('review-history-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Maya Manning');
    expect(rows[0]).toHaveTextContent(text.latest);
    expect(rows[0]).toHaveTextContent('4.5');
    expect(within(rows[0]!).getByLabelText(text.commentsCount(1))).toHaveTextContent('1');
    expect(rows[1]).toHaveTextContent('Ian Instructor');
    expect(rows[1]).toHaveTextContent('3.5');
    expect(fetchMock).toHaveBeenCalledWith('/api/assignments/answers/5/reviews', expect.anything());
    expect(screen.queryByText(text.onlyYours)).not.toBeInTheDocument();

    // The earlier one: its own stars and the option text of its feedback.
    await user.click(within(rows[1]!).getByRole('button', { name: /Open the review by Ian/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Review by Ian Instructor/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Clarity: 3')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Pace: 4')).toBeInTheDocument();
    expect(within(dialog).getByText('No')).toBeInTheDocument();
    expect(within(dialog).getByText(text.noComments)).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // The latest: its comment, at its question and time.
    await user.click(within(rows[0]!).getByRole('button', { name: /Open the review by Maya/ }));
    const latest = await screen.findByRole('dialog');
    expect(within(latest).getByLabelText('Clarity: 5')).toBeInTheDocument();
    expect(within(latest).getByText('Yes')).toBeInTheDocument();
    expect(within(latest).getByText('Slow down here.')).toBeInTheDocument();
    expect(within(latest).getByText(/Q2 · 1:05/)).toBeInTheDocument();
  });

  it('tells an instructor that only its own reviews are listed', async () => {
    signInAsUser(makeUser(Role.Instructor));
    renderWithProviders(<ReviewHistory answer={answer} />);
    expect(await screen.findByText(text.onlyYours)).toBeInTheDocument();
    expect(await screen.findAllByTestId('review-history-row')).toHaveLength(2);
  });

  it('says so when there is no review yet', async () => {
    signInAsUser(makeUser(Role.Manager));
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            success: true,
            message: 'OK',
            data: { list: [], count: 0 },
            error: null,
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
      ),
    );
    renderWithProviders(<ReviewHistory answer={answer} />);
    expect(await screen.findByText(text.empty)).toBeInTheDocument();
  });

  it('shows nothing to a trainee and asks nothing', () => {
    signInAsUser(makeUser(Role.Trainee));
    renderWithProviders(<ReviewHistory answer={answer} />);
    expect(screen.queryByText(text.title)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
