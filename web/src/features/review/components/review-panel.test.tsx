/**
 * The review panel (001 §2, §5): counters 0/1 → 1/1, the viewed check, a submit refused until every
 * question is answered, then one call carrying both forms; Print Report only when Reviewed.
 */
import {
  AnswerStatus,
  QuestionType,
  format,
  messages,
  type AnswerDetail,
} from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewText } from '../../../config/review-text';
import { renderWithProviders } from '../../../test/render';
import { ReviewPanel } from './review-panel';

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

function makeAnswer(statusId: number): AnswerDetail {
  return {
    id: 5,
    userId: 9,
    statusId,
    viewed: true,
    canReview: true,
    assignmentId: 3,
    data: {
      interviewAnswer: { answers: [] },
      ratingsAnswer: null,
      feedbackAnswer: null,
      practiceCounter: 1,
    },
    assignment: {
      name: 'Pitch',
      data: {
        ratingsId: 20,
        feedbackId: 30,
        ratings: { questions: [question(1, 'Clarity', QuestionType.Rating)] },
        feedback: { questions: [question(2, 'Recommend', QuestionType.Single, ['Yes', 'No'])] },
      },
    },
  } as unknown as AnswerDetail;
}

const fetchMock = vi.fn(() =>
  Promise.resolve(
    new Response(JSON.stringify({ success: true, message: 'ok', data: null, error: null }), {
      status: 500,
    }),
  ),
);

beforeEach(() => {
  window.localStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ReviewPanel', () => {
  it('counts answers per form, refuses an incomplete submit, then sends both forms', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ReviewPanel answer={makeAnswer(AnswerStatus.Submitted)} printReport={<b>print</b>} />,
    );
    expect(screen.getByRole('img', { name: reviewText.viewed })).toBeInTheDocument();
    expect(screen.queryByText('print')).not.toBeInTheDocument();
    const ratingsTab = screen.getByRole('tab', { name: new RegExp(messages.ratings) });
    expect(ratingsTab).toHaveTextContent(format.evaluationCounter(false));

    await user.click(screen.getByRole('button', { name: messages.submit }));
    expect(await screen.findByText(messages.allQuestionsMustBeAnswered)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    const star = screen.getByRole('radio', { name: '4' });
    await user.click(document.querySelector(`label[for="${star.id}"]`) as HTMLElement);
    expect(ratingsTab).toHaveTextContent(format.evaluationCounter(true));
    expect(screen.getByTestId('average-score')).toHaveTextContent('4.0');
    expect(window.localStorage.getItem('practica.reviewDraft.5')).toContain('"1":"4"');

    await user.click(screen.getByRole('tab', { name: new RegExp(messages.feedback) }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: messages.submit }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/assignments/interviews/answers/review/5?userId=9');
    expect(JSON.parse(init.body as string)).toEqual({
      traineeId: 9,
      questionnaireID: 20,
      score: 4,
      answers: {
        ratings: [{ questionId: 1, text: '4' }],
        feedback: [{ questionId: 2, text: '21' }],
      },
    });
    expect(await screen.findByText(messages.failedToSubmitInterviewReview)).toBeInTheDocument();
  });

  it('shows Print Report when the answer is Reviewed', () => {
    renderWithProviders(
      <ReviewPanel answer={makeAnswer(AnswerStatus.Reviewed)} printReport={<b>print</b>} />,
    );
    expect(screen.getByText('print')).toBeInTheDocument();
  });
});
