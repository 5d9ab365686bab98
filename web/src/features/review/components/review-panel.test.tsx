/**
 * The review panel (001 §2, §5): counters of answered questions (decisions.md#review-loop §7), the viewed check, a submit refused until every
 * question is answered, then one call carrying both forms; Print Report only when Reviewed.
 */
import { AnswerStatus, QuestionType, messages, type AnswerDetail } from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewText } from '../../../config/review-text';
import { renderWithProviders } from '../../../test/render';
import { formQuestion } from '../../../test/review-fixtures';
import { withReviewServer } from '../../../test/review-server';
import { ReviewPanel } from './review-panel';

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
        ratings: { questions: [formQuestion(1, 'Clarity', QuestionType.Rating)] },
        feedback: { questions: [formQuestion(2, 'Recommend', QuestionType.Single, ['Yes', 'No'])] },
      },
    },
  } as unknown as AnswerDetail;
}

/** What the review call answers: by default a 502 of a proxy, without the server's envelope. */
let reply = () => new Response('Bad gateway', { status: 502 });
const fetchMock = vi.fn(() => Promise.resolve(reply()));

beforeEach(() => {
  window.localStorage.clear();
  reply = () => new Response('Bad gateway', { status: 502 });
  fetchMock.mockClear();
  vi.stubGlobal('fetch', withReviewServer(fetchMock));
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
    expect(ratingsTab).toHaveTextContent(`${messages.ratings} 0/1`);

    await user.click(screen.getByRole('button', { name: messages.submit }));
    // The toast may take a moment on a busy machine (the suite's files run side by side).
    expect(
      await screen.findByText(
        `${messages.allQuestionsMustBeAnswered} Missing: R1, F1`,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    const star = screen.getByRole('radio', { name: '4' });
    await user.click(document.querySelector(`label[for="${star.id}"]`) as HTMLElement);
    expect(ratingsTab).toHaveTextContent(`${messages.ratings} 1/1`);
    expect(screen.getByTestId('average-score')).toHaveTextContent('4.0');
    expect(window.localStorage.getItem('practica.reviewDraft.5')).toContain('"1":"4"');

    await user.click(screen.getByRole('tab', { name: new RegExp(messages.feedback) }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    const toastsBefore = screen.queryAllByRole('alert').length; // the incomplete submit's
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
    // One toast for the failure: the spec's text, as the server sent no message.
    expect(await screen.findByText(messages.failedToSubmitInterviewReview)).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(toastsBefore + 1);
    // The review in progress is kept for another try.
    expect(window.localStorage.getItem('practica.reviewDraft.5')).toContain('"2":"21"');
  });

  it("shows the server's message once when it refuses the review", async () => {
    reply = () =>
      new Response(
        JSON.stringify({
          success: false,
          message: messages.assignmentClosed,
          data: null,
          error: { code: 'VALIDATION', message: messages.assignmentClosed },
        }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      );
    window.localStorage.setItem(
      'practica.reviewDraft.5',
      JSON.stringify({ ratings: { 1: '5' }, feedback: { 2: '20' } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ReviewPanel answer={makeAnswer(AnswerStatus.Reviewed)} />);
    // The stored draft is the review in progress.
    expect(screen.getByTestId('average-score')).toHaveTextContent('5.0');
    await user.click(screen.getByRole('button', { name: messages.submit }));
    expect(await screen.findByText(messages.assignmentClosed)).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(messages.failedToSubmitInterviewReview)).not.toBeInTheDocument();
  });

  it('shows Print Report when the answer is Reviewed', () => {
    renderWithProviders(
      <ReviewPanel answer={makeAnswer(AnswerStatus.Reviewed)} printReport={<b>print</b>} />,
    );
    expect(screen.getByText('print')).toBeInTheDocument();
  });
});
