/**
 * The composition module's reads (001 §3 'Assignment' `data`): each detail that shows an
 * assignment's composition reads it in one statement, so the assignment detail, the answer detail
 * and the trainee's practice screen stay within their statement budget, and the composition they
 * show is the same one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerDetail, AssignmentDetail, MeAssignmentDetail } from '@practica/contract';
import { sqlCountHeader } from '../src/db/statement-counter.js';
import { buildAnswersScenario, type AnswerActor, type AnswersScenario } from './helpers/answers.js';

let s: AnswersScenario;
let address: string;
let answerId = 0;

beforeAll(async () => {
  // The database counts each HTTP request's statements (x-sql-count).
  process.env['BENCH_SQL_COUNT'] = '1';
  s = await buildAnswersScenario();
  delete process.env['BENCH_SQL_COUNT'];
  answerId = await s.answerAll('trainee');
  address = await s.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => s.close());

/** GET `path` over real HTTP as `actor`: the answer's data and its statement count. */
async function read<T>(path: string, actor: AnswerActor): Promise<{ data: T; statements: number }> {
  const res = await fetch(`${address}${path}`, {
    headers: { authorization: `Bearer ${s.tokens[actor]}` },
  });
  expect(res.status, path).toBe(200);
  const data = ((await res.json()) as { data: T }).data;
  const statements = Number(res.headers.get(sqlCountHeader));
  expect(statements, 'the statement counter is on').toBeGreaterThan(0);
  return { data, statements };
}

/** A composition without its signed URLs' expiry (each read signs them anew). */
const unsigned = (d: unknown) => JSON.parse(JSON.stringify(d).replace(/\?expires=[^"]*/g, ''));

describe('the composition reads', () => {
  it('the assignment detail: the session, the assignment row and the composition', async () => {
    const { data, statements } = await read<AssignmentDetail>(
      `/api/assignments/${s.assignment}`,
      'manager',
    );
    expect(statements).toBeLessThanOrEqual(3);
    expect(data.data.interview?.questions.length).toBeGreaterThan(0);
    expect(data.data.ratings?.questions[0]?.options.length).toBeGreaterThan(0);
    expect(data.data.roles.length).toBeGreaterThan(0);
  });

  it('the answer detail shows the same composition, its items in the interview’s order', async () => {
    const assignment = await read<AssignmentDetail>(`/api/assignments/${s.assignment}`, 'manager');
    // Read twice: the first read by a reviewer also sets `viewed` (one more statement).
    await read<AnswerDetail>(`/api/assignments/answers/${answerId}`, 'manager');
    const { data, statements } = await read<AnswerDetail>(
      `/api/assignments/answers/${answerId}`,
      'manager',
    );
    // The session, the answer row, the composition with the items and the latest forms.
    expect(statements).toBeLessThanOrEqual(3);
    expect(unsigned(data.assignment.data)).toEqual(unsigned(assignment.data.data));
    const questionIds = data.assignment.data.interview!.questions.map((q) => q.id);
    const itemQuestions = data.data.interviewAnswer.answers.map((i) => i.questionId);
    expect(itemQuestions).toEqual(questionIds.filter((id) => itemQuestions.includes(id)));
    expect(itemQuestions.length).toBeGreaterThan(0);
  });

  it('the practice screen: its composition, audio prompts and items in one more statement', async () => {
    const assignment = await read<AssignmentDetail>(`/api/assignments/${s.assignment}`, 'manager');
    const { data, statements } = await read<MeAssignmentDetail>(
      `/api/me/assignments/${s.assignment}`,
      'trainee',
    );
    // The session, my answer (its id, then the row) and the composition with audio and items.
    expect(statements).toBeLessThanOrEqual(4);
    expect(data.questions.map((q) => q.id)).toEqual(
      assignment.data.data.interview!.questions.map((q) => q.id),
    );
    expect(data.answer.items.length).toBeGreaterThan(0);
    expect(data.questions[0]!.audio?.id).toBe(s.promptFileId);
    expect(unsigned(data.environment)).toEqual(unsigned(assignment.data.data.environment));
  });
});
