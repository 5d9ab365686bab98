/**
 * Test helpers of the practice app: its providers around a memory router of its routes (the
 * location shown in a `data-testid="location"` element), its session, the `/me` answers and a
 * fetch stub that answers by method and path.
 */
import {
  AnswerStatus,
  AssignmentStatus,
  Role,
  type MeAssignmentDetail,
  type MeAssignmentListItem,
  type MeReview,
  type RoleId,
  type SessionUser,
} from '@practica/contract';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ThemeProviders } from '@shared/theme/providers';
import { makeUser } from '@shared/test/render';
import { PracticeRoutes } from '../app/router';
import { clearSession, installPracticeSession, saveSession } from '../lib/session';

installPracticeSession();

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the practice app's routes at `path` (a path under the app's basename). */
export function renderPractice(path: string) {
  return render(
    <ThemeProviders env="test" notifications="on-demand">
      <MemoryRouter initialEntries={[path]}>
        <PracticeRoutes />
        <LocationProbe />
      </MemoryRouter>
    </ThemeProviders>,
  );
}

/** Signs in as a user of `roleId` (a trainee by default); answers the user. */
export function signInPractice(
  roleId: RoleId = Role.Trainee,
  overrides: Partial<SessionUser> = {},
): SessionUser {
  const user = makeUser(roleId, { firstName: 'Tina', lastName: 'Trainee', ...overrides });
  saveSession('practice-token', user);
  return user;
}

/** Forgets the practice session (local storage is cleared after each test, the store is not). */
export function signOutPractice(): void {
  clearSession();
}

/** A JSON envelope answer. */
export function envelope(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A success envelope around `data`. */
export function ok(data: unknown): Response {
  return envelope(200, { success: true, message: 'OK', data, error: null });
}

/** An error envelope with the server's message. */
export function failure(status: number, message: string, code = 'UNAUTHORIZED'): Response {
  return envelope(status, { success: false, message, data: null, error: { code, message } });
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed 'METHOD /api/path' (query ignored); an unknown call answers
 * 404. Answers the mock to read its calls.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url, init) : failure(404, 'Not found', 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A row of GET /me/assignments. */
export function makeAssignmentRow(
  id: number,
  overrides: Partial<Omit<MeAssignmentListItem, 'answer'>> & {
    statusId?: MeAssignmentListItem['answer']['statusId'];
    practiceCounter?: number;
  } = {},
): MeAssignmentListItem {
  const { statusId = AnswerStatus.Pending, practiceCounter = 0, ...rest } = overrides;
  return {
    id,
    name: `Assignment ${id}`,
    description: '',
    startDate: '2026-11-01',
    closeDate: '2026-12-20',
    questionsCount: 3,
    answeredCount: 0,
    canAnswer: statusId === AnswerStatus.Pending,
    answer: {
      id: 100 + id,
      statusId,
      practiceCounter,
      submittedAt: null,
      reviewedAt: null,
      score: null,
    },
    ...rest,
  };
}

/** GET /me/assignments/{id} of a Reviewed (with `review`) or Submitted answer. */
export function makeAssignmentDetail(id: number, review: MeReview | null): MeAssignmentDetail {
  return {
    id,
    name: `Assignment ${id}`,
    description: '',
    statusId: AssignmentStatus.Active,
    startDate: '2026-11-01',
    closeDate: '2026-12-20',
    interview: { id: 7, name: 'Interview', description: '' },
    roles: [],
    environment: null,
    questions: [],
    answer: {
      id: 100 + id,
      assignmentId: id,
      statusId: review ? AnswerStatus.Reviewed : AnswerStatus.Submitted,
      practiceCounter: 2,
      submittedAt: '2026-11-20T10:00:00.000Z',
      reviewedAt: review?.reviewedAt ?? null,
      score: review?.score ?? null,
      updatedAt: '2026-11-20T10:00:00.000Z',
      items: [],
    },
    canAnswer: false,
    review,
  };
}
