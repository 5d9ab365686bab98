/**
 * The scorecard's data (decisions.md#console-flows §15) from the review screen's answer detail: the latest review's
 * stars per rating question, feedback answers as texts (option ids and JSON lists resolved), the
 * reviewer and dates; only a Reviewed answer has one.
 */
import { AnswerStatus, QuestionType, type AnswerDetail } from '@practica/contract';
import { reviewDetail } from '../../test/review-fixtures';
import { buildScorecard, hasScorecard } from './build-scorecard';

/** The fixture's answer 5, Reviewed, with two more questions and the given answers. */
function reviewed(ratings: string[], feedback: string[], score: number | null = 4): AnswerDetail {
  const base = reviewDetail(AnswerStatus.Reviewed);
  const data = base.assignment.data;
  const rating = data.ratings!.questions[0]!;
  const choice = data.feedback!.questions[0]!;
  const open = { ...choice, id: 3, text: 'Notes', questionTypeId: QuestionType.Open, options: [] };
  const answers = (list: string[], ids: number[]) =>
    list.map((text, i) => ({ questionId: ids[i]!, text }));
  return {
    ...base,
    score,
    assignment: {
      ...base.assignment,
      data: {
        ...data,
        ratings: { ...data.ratings!, questions: [rating, { ...rating, id: 4, text: 'Pace' }] },
        feedback: { ...data.feedback!, questions: [choice, open] },
      },
    },
    data: {
      ...base.data,
      practiceCounter: 2,
      ratingsAnswer: { ...base.data.ratingsAnswer!, answers: answers(ratings, [1, 4]), score },
      feedbackAnswer: { ...base.data.feedbackAnswer!, answers: answers(feedback, [2, 3]) },
    },
  };
}

describe('buildScorecard', () => {
  it('lists each rating with its stars and each feedback answer as text', () => {
    const card = buildScorecard(reviewed(['5', '3'], ['20', '["Slower","Louder"]'], 4));
    expect(card).toEqual({
      answerId: 5,
      assignment: 'Pitch',
      trainee: 'Tom Trainee',
      completedAt: '2026-01-01T00:00:00.000Z',
      practiceCounter: 2,
      reviewer: 'Ian Instructor',
      reviewedAt: '2026-01-02T00:00:00.000Z',
      score: 4,
      scoreMax: 5,
      ratings: [
        { label: 'R1', question: 'Clarity', stars: 5 },
        { label: 'R2', question: 'Pace', stars: 3 },
      ],
      feedback: [
        { label: 'F1', question: 'Recommend', answers: ['Yes'] },
        { label: 'F2', question: 'Notes', answers: ['Slower', 'Louder'] },
      ],
    });
  });

  it('computes the average from the stars when none is stored, and leaves a missing answer empty', () => {
    const card = buildScorecard(reviewed(['5'], [], null));
    expect(card.score).toBe(5);
    expect(card.ratings[1]).toEqual({ label: 'R2', question: 'Pace', stars: null });
    expect(card.feedback.map((f) => f.answers)).toEqual([[], []]);
  });

  it('exists only for a Reviewed answer with its review', () => {
    expect(hasScorecard(reviewed(['4'], ['20']))).toBe(true);
    expect(hasScorecard(reviewDetail(AnswerStatus.Submitted))).toBe(false);
  });
});
