/**
 * What counts as answered on the review panel (decisions.md#review-loop §2): blank text is no
 * answer; the tab counters count answered questions; an incomplete submit names the missing
 * questions ratings first, each by its form's short name and position ('Missing: R2, F1').
 */
import { QuestionType } from '@practica/contract';
import { describe, expect, it } from 'vitest';
import { formQuestion } from '../../test/review-fixtures';
import { answered, answeredCount, missingQuestions } from './review-answered';

const q = (id: number, type: number) => formQuestion(id, `Q${id}`, type);
const forms = {
  ratings: [q(1, QuestionType.Rating), q(2, QuestionType.Rating)],
  feedback: [q(3, QuestionType.Open), q(4, QuestionType.Open)],
};

describe('review answered', () => {
  it('takes blank text for no answer', () => {
    expect(answered(undefined)).toBe(false);
    expect(answered('  \n')).toBe(false);
    expect(answered('4')).toBe(true);
  });

  it('counts the answered questions of a form', () => {
    expect(answeredCount(forms.feedback, { 3: 'Clear', 4: ' ' })).toBe(1);
    expect(answeredCount(forms.ratings, {})).toBe(0);
  });

  it('names the missing questions, ratings first, by position in their form', () => {
    const missing = missingQuestions(forms, { ratings: { 1: '5' }, feedback: { 4: 'Good' } });
    expect(missing).toEqual([
      { form: 'ratings', questionId: 2, short: 'R2' },
      { form: 'feedback', questionId: 3, short: 'F1' },
    ]);
    expect(
      missingQuestions(forms, { ratings: { 1: '5', 2: '3' }, feedback: { 3: 'a', 4: 'b' } }),
    ).toEqual([]);
  });
});
