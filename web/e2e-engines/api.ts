/**
 * The API calls of the engines scenarios, over fetch (the scenarios have no Playwright request
 * context): signing in, inviting a trainee, adding them to an assignment, waiting for their
 * videos' MP4s, a time-coded comment and a review. Each call throws with the method, path, status
 * and body when the answer is not 2xx.
 */
import {
  AssignmentStatus,
  Role,
  type AnswerDetail,
  type AnswerListItem,
  type AssignmentDetail,
  type AssignmentListItem,
  type ListData,
  type ReviewComment,
  type User,
} from '@practica/contract';
import { formAnswers } from '../e2e/insights-helpers';

/** The demo seed's accounts used here, and their password. */
export const demoAccounts = {
  manager: 'manager@demo.test',
  instructor: 'instructor@demo.test',
  password: 'demo1234',
} as const;

/** A signed-in caller of the API at `baseUrl`. */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly organizationId: number,
  ) {}

  /** Signs in as `email` (POST /auth); throws when refused. */
  static async signIn(baseUrl: string, email: string, password: string): Promise<Api> {
    const data = await send<{ token: string; organizationId: number }>(
      baseUrl,
      'POST',
      '/api/auth',
      {
        body: { email, password },
      },
    );
    return new Api(baseUrl, data.token, data.organizationId);
  }

  /** `method path` with `body` as this caller; answers the envelope's data. */
  call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return send<T>(this.baseUrl, method, path, { body, token: this.token });
  }
}

async function send<T>(
  baseUrl: string,
  method: string,
  path: string,
  { body, token }: { body?: unknown; token?: string },
): Promise<T> {
  const answer = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** A trainee the scenario registers. */
export interface Trainee {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A new trainee of the manager's organization, invited (POST /invites); answers the invite token. */
export async function inviteTrainee(manager: Api, trainee: Trainee): Promise<string> {
  const invite = await manager.call<{ token: string }>('POST', '/api/invites', {
    organizationId: manager.organizationId,
    roleId: Role.Trainee,
    firstName: trainee.firstName,
    lastName: trainee.lastName,
    email: trainee.email,
  });
  return invite.token;
}

/** The organization's first Active assignment (by id) whose interview has at least two questions. */
export async function activeAssignment(manager: Api): Promise<AssignmentDetail> {
  const { list } = await manager.call<ListData<AssignmentListItem>>(
    'GET',
    `/api/assignments?status=${AssignmentStatus.Active}&pageSize=100`,
  );
  for (const row of [...list].sort((a, b) => a.id - b.id)) {
    const detail = await manager.call<AssignmentDetail>('GET', `/api/assignments/${row.id}`);
    if ((detail.data.interview?.questions.length ?? 0) >= 2) return detail;
  }
  throw new Error('No Active assignment with an interview of two questions in the demo seed');
}

/** Adds the user with `email` to assignment `assignmentId`; answers the user's id. */
export async function addToAssignment(
  manager: Api,
  assignmentId: number,
  email: string,
): Promise<number> {
  const users = await manager.call<ListData<User>>(
    'GET',
    `/api/users?search=${encodeURIComponent(email)}`,
  );
  const user = users.list.find((u) => u.email === email);
  if (!user) throw new Error(`No user ${email}`);
  await manager.call('PUT', `/api/assignments/${assignmentId}/add`, { ids: [user.id] });
  return user.id;
}

/** The id of the trainee's answer to the assignment. */
export async function answerIdOf(manager: Api, assignmentId: number, userId: number) {
  const answers = await manager.call<ListData<AnswerListItem>>(
    'GET',
    `/api/assignments/answers?assignmentId=${assignmentId}&userId=${userId}`,
  );
  const first = answers.list[0];
  if (!first) throw new Error(`No answer of user ${userId} to assignment ${assignmentId}`);
  return first.id;
}

/**
 * Polls answer `answerId` until every recorded video is Ready (MP4 and poster made), within
 * `timeoutMs`; answers the detail. A timeout names the items that were not Ready.
 */
export async function waitForPlayback(
  reviewer: Api,
  answerId: number,
  timeoutMs = 120_000,
): Promise<AnswerDetail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const detail = await reviewer.call<AnswerDetail>('GET', `/api/assignments/answers/${answerId}`);
    const { answers } = detail.data.interviewAnswer;
    const waiting = answers.flatMap((i) =>
      i.media.status === 'ready'
        ? []
        : [`item ${i.id}: ${i.media.status}${i.media.failure ? ` (${i.media.failure})` : ''}`],
    );
    if (answers.length > 0 && waiting.length === 0) return detail;
    if (answers.some((i) => i.media.status === 'failed') || Date.now() > until)
      throw new Error(`Videos not ready: ${waiting.join(', ') || 'no items'}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Pins `text` at `atMs` ms of question `questionId`'s video of answer `answerId` (a draft). */
export function comment(
  reviewer: Api,
  answerId: number,
  questionId: number,
  atMs: number,
  text: string,
): Promise<ReviewComment> {
  return reviewer.call<ReviewComment>('POST', `/api/assignments/answers/${answerId}/comments`, {
    questionId,
    atMs,
    text,
  });
}

/** Reviews answer `answerId` with `stars` on every rating and plausible feedback (both forms). */
export async function review(
  reviewer: Api,
  assignment: AssignmentDetail,
  answerId: number,
  stars: number,
): Promise<AnswerDetail> {
  return reviewer.call<AnswerDetail>(
    'POST',
    `/api/assignments/interviews/answers/review/${answerId}`,
    {
      answers: {
        ratings: formAnswers(assignment.data.ratings, [stars]),
        feedback: formAnswers(assignment.data.feedback, [stars]),
      },
    },
  );
}
