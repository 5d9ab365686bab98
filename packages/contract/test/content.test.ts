/**
 * Content schemas and rules (001 §4, §5; decisions.md#content): every limit at n-1, n, n+1 with
 * the spec's messages, the question type by content, and the state machine table.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ContentStatus,
  ContentType,
  QuestionType,
  allowedQuestionTypes,
  contentStatusFilterSchema,
  contentTransitions,
  evaluationFormSchema,
  findContentTransition,
  format,
  interviewFormSchema,
  isQuestionTypeAllowed,
  maxAudiosPerQuestion,
  maxOptionsPerQuestion,
  maxRolesPerInterview,
  messages,
  questionFormSchema,
} from '../src';

function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}
const roles = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Role ${i + 1}` }));
const options = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `O${i + 1}` }));
const audios = (n: number) => Array.from({ length: n }, (_, i) => ({ audioId: i + 1 }));

describe('interviewFormSchema', () => {
  const form = { name: 'Interview', description: 'About it', roles: roles(1) };
  it('needs a title, a description and 1 to 4 roles', () => {
    expect(errors(interviewFormSchema, form)).toEqual([]);
    expect(errors(interviewFormSchema, { ...form, name: '  ' })).toEqual([messages.titleRequired]);
    expect(errors(interviewFormSchema, { ...form, description: '' })).toEqual([
      messages.descriptionRequired,
    ]);
    expect(errors(interviewFormSchema, { ...form, roles: roles(0) })).toEqual([
      messages.roleRequired,
    ]);
    expect(errors(interviewFormSchema, { ...form, roles: roles(maxRolesPerInterview) })).toEqual(
      [],
    );
    expect(
      errors(interviewFormSchema, { ...form, roles: roles(maxRolesPerInterview + 1) }),
    ).toEqual([messages.tooManyRoles]);
    expect(errors(interviewFormSchema, { ...form, roles: [{ name: ' ' }] })).toEqual([
      messages.roleRequired,
    ]);
  });
  it('trims the description', () => {
    expect(interviewFormSchema.parse({ ...form, description: '  x  ' }).description).toBe('x');
  });
});

describe('evaluationFormSchema', () => {
  it('needs a title and a description', () => {
    expect(errors(evaluationFormSchema, { name: 'a', description: 'b' })).toEqual([]);
    expect(errors(evaluationFormSchema, { description: 'b' })).toEqual([messages.titleRequired]);
    expect(errors(evaluationFormSchema, { name: 'a', description: ' ' })).toEqual([
      messages.descriptionRequired,
    ]);
  });
});

describe('questionFormSchema', () => {
  const open = { text: 'Why?', questionTypeId: QuestionType.Open };
  it('needs the text, trimmed', () => {
    expect(errors(questionFormSchema, { ...open, text: ' ' })).toEqual([
      messages.questionTextRequired,
    ]);
    expect(questionFormSchema.parse({ ...open, text: ' Why? ' }).text).toBe('Why?');
  });
  it('needs options for single, multiple and ranking questions, at most 10', () => {
    for (const questionTypeId of [QuestionType.Single, QuestionType.Multiple, QuestionType.Rank]) {
      expect(errors(questionFormSchema, { ...open, questionTypeId })).toEqual([
        messages.questionRequiresOptions,
      ]);
      expect(errors(questionFormSchema, { ...open, questionTypeId, options: options(1) })).toEqual(
        [],
      );
    }
    const single = { ...open, questionTypeId: QuestionType.Single };
    expect(
      errors(questionFormSchema, { ...single, options: options(maxOptionsPerQuestion) }),
    ).toEqual([]);
    expect(
      errors(questionFormSchema, { ...single, options: options(maxOptionsPerQuestion + 1) }),
    ).toEqual([messages.tooManyOptions]);
    expect(errors(questionFormSchema, { ...open, questionTypeId: QuestionType.Rating })).toEqual(
      [],
    );
  });
  it("names blank options 'Option {n}' and drops the options of an open question", () => {
    const parsed = questionFormSchema.parse({
      ...open,
      questionTypeId: QuestionType.Multiple,
      options: [{ text: '' }, { text: 'B' }, {}],
    });
    expect(parsed.options.map((o) => o.text)).toEqual([
      format.optionName(1),
      'B',
      format.optionName(3),
    ]);
    expect(questionFormSchema.parse({ ...open, options: options(2) }).options).toEqual([]);
  });
  it("takes up to 4 audio rows, each with an audio id above 0 ('Audio file missing')", () => {
    expect(errors(questionFormSchema, { ...open, audios: audios(maxAudiosPerQuestion) })).toEqual(
      [],
    );
    expect(
      errors(questionFormSchema, { ...open, audios: audios(maxAudiosPerQuestion + 1) }),
    ).toEqual([messages.tooManyAudios]);
    expect(errors(questionFormSchema, { ...open, audios: [{ audioId: 0 }] })).toEqual([
      messages.audioFileMissing,
    ]);
    expect(errors(questionFormSchema, { ...open, audios: [{}] })).toEqual([
      messages.audioFileMissing,
    ]);
  });
});

describe('question type by content (001 §5)', () => {
  it('allows Open for interviews, Rating for rating scales, all but Rating and Ranking for feedback', () => {
    expect(allowedQuestionTypes[ContentType.Interview]).toEqual([QuestionType.Open]);
    expect(allowedQuestionTypes[ContentType.RatingScale]).toEqual([QuestionType.Rating]);
    expect(allowedQuestionTypes[ContentType.Feedback]).toEqual([
      QuestionType.Open,
      QuestionType.Single,
      QuestionType.Multiple,
    ]);
    expect(isQuestionTypeAllowed(ContentType.Feedback, QuestionType.Rank)).toBe(false);
  });
});

describe('the content state machine (001 §4)', () => {
  it('has exactly the transitions of 001 §4 and Active → Draft', () => {
    const S = ContentStatus;
    expect(contentTransitions.map((t) => `${t.from}>${t.to}`).sort()).toEqual(
      [
        `${S.Draft}>${S.Review}`,
        `${S.Review}>${S.Draft}`,
        `${S.Review}>${S.Active}`,
        `${S.Active}>${S.Inactive}`,
        `${S.Inactive}>${S.Active}`,
        `${S.Inactive}>${S.Deleted}`,
        `${S.Active}>${S.Draft}`,
      ].sort(),
    );
    expect(findContentTransition(S.Review, S.Active)?.actions).toEqual(['content:approve']);
    expect(findContentTransition(S.Inactive, S.Deleted)?.actions).toEqual(['content:markDeleted']);
    expect(findContentTransition(S.Draft, S.Active)).toBeUndefined();
    expect(findContentTransition(S.Deleted, S.Inactive)).toBeUndefined();
  });
  it('reads the status filter as one id or several joined by commas', () => {
    expect(contentStatusFilterSchema.parse('3')).toEqual([3]);
    expect(contentStatusFilterSchema.parse('1,2')).toEqual([1, 2]);
    expect(contentStatusFilterSchema.parse(undefined)).toBeUndefined();
    expect(contentStatusFilterSchema.safeParse('7').success).toBe(false);
  });
});
