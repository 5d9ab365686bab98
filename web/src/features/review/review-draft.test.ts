/** The review in progress (001 §3 'Review payload', §5): completeness, score, body, stored copy. */
import { QuestionType, type AnswerDetail, type AssignmentQuestion } from '@practica/contract';
import {
  draftScore,
  isFormComplete,
  joinChoice,
  parseDraft,
  reviewBody,
  splitChoice,
} from './review-draft';

const q = (id: number, questionTypeId: number): AssignmentQuestion => ({
  id,
  text: `Q${id}`,
  description: '',
  questionTypeId,
  interviewRoleId: null,
  contentId: 1,
  tags: [],
  options: [],
});

const ratings = [q(1, QuestionType.Rating), q(2, QuestionType.Rating), q(3, QuestionType.Rating)];
const feedback = [q(4, QuestionType.Multiple), q(5, QuestionType.Open)];

const answer = {
  id: 42,
  userId: 7,
  assignment: {
    data: {
      ratingsId: 11,
      feedbackId: 12,
      ratings: { questions: ratings },
      feedback: { questions: feedback },
    },
  },
} as unknown as AnswerDetail;

describe('review draft', () => {
  it('counts a form complete only when every question has a non-blank answer', () => {
    expect(isFormComplete(ratings, { 1: '4', 2: '5' })).toBe(false);
    expect(isFormComplete(ratings, { 1: '4', 2: '5', 3: ' ' })).toBe(false);
    expect(isFormComplete(ratings, { 1: '4', 2: '5', 3: '3' })).toBe(true);
  });

  it('averages the numeric ratings (fractions kept)', () => {
    expect(draftScore(ratings, { ratings: { 1: '4', 2: '5', 3: '4' }, feedback: {} })).toBeCloseTo(
      4.333,
      3,
    );
    expect(draftScore(ratings, { ratings: {}, feedback: {} })).toBeNull();
  });

  it('joins multiple choice ids with commas', () => {
    expect(joinChoice(['31', '33'])).toBe('31,33');
    expect(splitChoice('31, 33,')).toEqual(['31', '33']);
  });

  it('builds the one-call body with both forms in question order', () => {
    const body = reviewBody(answer, {
      ratings: { 1: '4', 2: '5', 3: '3' },
      feedback: { 4: '31,33', 5: 'Good' },
    });
    expect(body).toEqual({
      traineeId: 7,
      questionnaireID: 11,
      score: 4,
      answers: {
        ratings: [
          { questionId: 1, text: '4' },
          { questionId: 2, text: '5' },
          { questionId: 3, text: '3' },
        ],
        feedback: [
          { questionId: 4, text: '31,33' },
          { questionId: 5, text: 'Good' },
        ],
      },
    });
  });

  it('reads a stored draft back, and nothing from a missing or broken one', () => {
    expect(parseDraft(JSON.stringify({ ratings: { 1: '2' }, feedback: {} }))).toEqual({
      ratings: { 1: '2' },
      feedback: {},
    });
    expect(parseDraft(JSON.stringify({ ratings: { 1: '2' } }))).toEqual({
      ratings: { 1: '2' },
      feedback: {},
    });
    for (const raw of [undefined, '', 'null', '3', '{broken'])
      expect(parseDraft(raw)).toBeUndefined();
  });
});
