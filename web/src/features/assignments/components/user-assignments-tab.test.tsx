/**
 * The user detail's assignments tab (000 §2.10): it lists the trainee's assignments with the
 * answer; staff who manage members choose them in the picker, which saves exactly the chosen open
 * ids with PUT /users/{id}/assignments and shows messages.traineeAssignmentsSaved; an answered
 * assignment cannot be taken off; a manager's role is not assignable.
 */
import {
  AnswerStatus,
  AssignmentStatus,
  Role,
  messages,
  type AssignmentListItem,
  type User,
} from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignmentText } from '../../../config/assignment-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { UserAssignmentsTab } from './user-assignments-tab';

const assignment = (
  id: number,
  name: string,
  statusId: AssignmentListItem['statusId'],
  answerStatusId?: 1 | 2 | 3,
): AssignmentListItem => ({
  id,
  name,
  description: `${name} description`,
  statusId,
  startDate: '2026-01-01',
  closeDate: null,
  organizationId: 1,
  planned: false,
  createdBy: null,
  traineesCount: 1,
  completedCount: 0,
  instructorsCount: 0,
  ...(answerStatusId
    ? {
        answer: {
          id: 100 + id,
          statusId: answerStatusId,
          submittedAt: null,
          reviewedAt: null,
          score: null,
        },
      }
    : {}),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const trainee: User = {
  id: 21,
  firstName: 'Tom',
  lastName: 'Trainee',
  email: 'tom@example.test',
  phoneNumber: null,
  roleId: Role.Trainee,
  role: 'Trainee',
  active: true,
  creator: false,
  image: null,
  imageId: null,
  organizationId: 1,
  deletedAt: null,
};

const statusCounts = { draft: 0, planned: 0, active: 0, closed: 0 };
const mine = [
  assignment(1, 'Behavioural practice', AssignmentStatus.Active, AnswerStatus.Pending),
  assignment(2, 'Support round', AssignmentStatus.Active, AnswerStatus.Submitted),
  assignment(3, 'Spring onboarding', AssignmentStatus.Closed, AnswerStatus.Pending),
];
const open = [
  assignment(1, 'Behavioural practice', AssignmentStatus.Active),
  assignment(2, 'Support round', AssignmentStatus.Active),
  assignment(4, 'Sales drill', AssignmentStatus.Draft),
];

function answer(data: unknown) {
  return new Response(JSON.stringify({ success: true, message: messages.ok, data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url.startsWith('/api/users/21/assignments') && init?.method === 'PUT')
      return Promise.resolve(answer({ list: [], count: 0 }));
    if (url.startsWith('/api/assignments?') && url.includes('userId=21'))
      return Promise.resolve(answer({ list: mine, count: mine.length, statusCounts }));
    if (url.startsWith('/api/assignments?') && url.includes('organizationId=1'))
      return Promise.resolve(answer({ list: open, count: open.length, statusCounts }));
    return Promise.resolve(answer(null));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderAs(roleId: typeof Role.Manager | typeof Role.Instructor, user: User = trainee) {
  signInAsUser(makeUser(roleId));
  renderWithProviders(
    <MemoryRouter>
      <UserAssignmentsTab user={user} />
    </MemoryRouter>,
  );
}

describe('UserAssignmentsTab', () => {
  it("lists the trainee's assignments with the answer", async () => {
    renderAs(Role.Manager);
    const table = await screen.findByRole('table', { name: messages.assignments });
    expect(await within(table).findByText('Behavioural practice')).toBeInTheDocument();
    expect(within(table).getByText('Spring onboarding')).toBeInTheDocument();
    expect(within(table).getByText(messages.toReview)).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/assignments?userId=21')),
    ).toBe(true);
  });

  it('saves exactly the chosen open assignments and says so', async () => {
    renderAs(Role.Manager);
    await userEvent.click(
      await screen.findByRole('button', { name: assignmentText.editAssignments }),
    );
    const dialog = await screen.findByRole('dialog');
    // The answered one is locked; the Closed one is not offered.
    const chosen = within(dialog).getByRole('list', { name: assignmentText.chosenAssignments });
    expect(within(chosen).getByText('Support round')).toBeInTheDocument();
    expect(within(chosen).queryByText('Spring onboarding')).not.toBeInTheDocument();
    expect(
      within(chosen).queryByRole('button', {
        name: assignmentText.removeAssignmentFrom('Support round'),
      }),
    ).not.toBeInTheDocument();
    await userEvent.click(
      await within(dialog).findByRole('button', {
        name: assignmentText.addAssignmentTo('Sales drill'),
      }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', {
        name: assignmentText.removeAssignmentFrom('Behavioural practice'),
      }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: messages.save }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'PUT');
      expect(put).toBeTruthy();
      expect(String(put![0])).toBe('/api/users/21/assignments');
      expect(JSON.parse((put![1] as RequestInit).body as string)).toEqual({ ids: [2, 4] });
    });
    expect(await screen.findByText(messages.traineeAssignmentsSaved)).toBeInTheDocument();
  });

  it('offers no picker for a manager, who takes no part in assignments', async () => {
    renderAs(Role.Manager, { ...trainee, id: 8, roleId: Role.Manager, role: 'Manager' });
    expect(await screen.findByText(assignmentText.notAssignable)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: assignmentText.editAssignments }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: messages.assignments })).not.toBeInTheDocument();
  });
});
