import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContentType, QuestionType, type AssignmentQuestion } from '@practica/contract';
import { describe, expect, it, vi } from 'vitest';
import { reviewSafetyText } from '../../../config/review-safety-text';
import { renderWithProviders } from '../../../test/render';
import { ReviewConflict } from './review-conflict';

const question = (id: number, text: string, options: string[] = []): AssignmentQuestion => ({
  id,
  text,
  description: '',
  questionTypeId: options.length ? QuestionType.Single : QuestionType.Open,
  interviewRoleId: null,
  contentId: 1,
  tags: [],
  options: options.map((o, i) => ({ id: 100 + i, text: o, correctAnswer: 0 })),
});
const forms = {
  ratings: [question(1, 'Clarity'), question(2, 'Confidence')],
  feedback: [question(3, 'Strengths'), question(4, 'Next round', ['Yes', 'No'])],
};
const form = (
  id: number,
  answers: { questionId: number; text: string }[],
  score: number | null,
) => ({
  id,
  contentId: 1,
  contentTypeId: ContentType.RatingScale,
  contentAnswer: {
    createdAt: '2026-11-25T10:42:00.000Z',
    createdBy: null,
    createdByName: 'Maya Manning',
  },
  answers,
  score,
});
const conflict = {
  latestReview: {
    version: 3,
    reviewer: { id: 2, firstName: 'Maya', lastName: 'Manning' },
    reviewerName: 'Maya Manning',
    reviewedAt: '2026-11-25T10:42:00.000Z',
    score: 2.5,
    ratingsAnswer: form(
      10,
      [
        { questionId: 1, text: '2' },
        { questionId: 2, text: '3' },
      ],
      2.5,
    ),
    feedbackAnswer: form(
      11,
      [
        { questionId: 3, text: 'Too fast' },
        { questionId: 4, text: '101' },
      ],
      null,
    ),
  },
};
const mine = { ratings: { 1: '5', 2: '4' }, feedback: { 3: 'Clear answers', 4: '100' } };

describe('ReviewConflict', () => {
  it('shows their review and mine side by side, and lets me choose', async () => {
    const onSubmitMine = vi.fn();
    const onKeepTheirs = vi.fn();
    renderWithProviders(
      <ReviewConflict
        conflict={conflict}
        mine={mine}
        forms={forms}
        onSubmitMine={onSubmitMine}
        onKeepTheirs={onKeepTheirs}
        onClose={() => undefined}
      />,
    );
    const theirs = await screen.findByTestId(`conflict-${reviewSafetyText.theirReview}`);
    const my = screen.getByTestId(`conflict-${reviewSafetyText.myReview}`);
    expect(within(theirs).getByText(/Maya Manning/)).toBeInTheDocument();
    expect(within(theirs).getByText(`${reviewSafetyText.score} 2.5`)).toBeInTheDocument();
    expect(within(theirs).getByText('Too fast')).toBeInTheDocument();
    expect(within(theirs).getByText('No')).toBeInTheDocument(); // option 101
    expect(within(my).getByText(`${reviewSafetyText.score} 4.5`)).toBeInTheDocument();
    expect(within(my).getByText('Clear answers')).toBeInTheDocument();
    expect(within(my).getByText('Yes')).toBeInTheDocument(); // option 100
    await userEvent.click(screen.getByRole('button', { name: reviewSafetyText.submitMineAnyway }));
    expect(onSubmitMine).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: reviewSafetyText.keepTheirs }));
    expect(onKeepTheirs).toHaveBeenCalledOnce();
  });

  it('is closed without a conflict', () => {
    renderWithProviders(
      <ReviewConflict
        conflict={null}
        mine={mine}
        forms={forms}
        onSubmitMine={() => undefined}
        onKeepTheirs={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByText(reviewSafetyText.conflictTitle)).not.toBeInTheDocument();
  });
});
