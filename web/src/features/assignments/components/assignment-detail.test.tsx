/**
 * The assignment detail's Close and Reopen (decisions.md#console-flows §3): 'Close Assignment' asks first, saying how
 * many answers are still to review and how many trainees are Pending, and only the confirmation
 * sends the status call; a Closed assignment offers 'Reopen' to a Manager or Admin (not to an
 * Instructor), which asks and then sets it Active.
 */
import {
  AssignmentStatus,
  Role,
  format,
  messages,
  type AssignmentDetail,
  type RoleId,
} from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignmentText } from '../../../config/assignment-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { AssignmentDetailView } from './assignment-detail';

const assignmentId = 5;

function detail(overrides: Partial<AssignmentDetail> = {}): AssignmentDetail {
  return {
    id: assignmentId,
    assignmentSpecificationId: assignmentId,
    name: 'Sales practice',
    description: 'Practise the opening',
    statusId: AssignmentStatus.Active,
    startDate: '2026-01-05',
    closeDate: '2099-12-31',
    organizationId: 1,
    planned: false,
    createdBy: null,
    traineesCount: 6,
    completedCount: 3,
    instructorsCount: 1,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    data: {
      interviewId: null,
      environmentId: null,
      ratingsId: null,
      feedbackId: null,
      roles: [],
      interview: null,
      ratings: null,
      feedback: null,
      environment: null,
    },
    answerCounts: { all: 6, pending: 3, submitted: 2, reviewed: 1 },
    averageScore: 4,
    canReturnToDraft: false,
    canClose: true,
    canPrintReport: true,
    canReopen: false,
    ...overrides,
  };
}

function answer(data: unknown, message: string = messages.ok) {
  return new Response(JSON.stringify({ success: true, message, data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A trainee who has not answered: removable while the assignment is open. */
const pendingTrainee = {
  id: 21,
  firstName: 'Tessa',
  lastName: 'Tran',
  email: 'tessa@demo.test',
  roleId: Role.Trainee,
  active: true,
  image: null,
  answer: null,
};
const removeTessa = `${messages.remove} Tessa Tran`;

let current: AssignmentDetail;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  current = detail();
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT' && url.startsWith(`/api/assignments/${assignmentId}/status`)) {
      const statusId = Number(new URL(url, 'http://x').searchParams.get('statusId'));
      const closed = statusId === AssignmentStatus.Closed;
      current = detail({
        statusId: statusId as AssignmentDetail['statusId'],
        canClose: !closed,
        canReopen: closed,
      });
      return Promise.resolve(answer(current));
    }
    if (
      url.startsWith(`/api/assignments/${assignmentId}?`) ||
      url === `/api/assignments/${assignmentId}`
    )
      return Promise.resolve(answer(current));
    if (url.startsWith(`/api/assignments/${assignmentId}/users`))
      return Promise.resolve(answer({ list: [pendingTrainee], count: 1 }));
    return Promise.resolve(answer({ list: [], count: 0 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function statusCalls(): number[] {
  return fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')
    .map(([url]) => Number(new URL(String(url), 'http://x').searchParams.get('statusId')));
}

function show(roleId: RoleId) {
  signInAsUser(makeUser(roleId, { organizationId: 1 }));
  renderWithProviders(
    <AssignmentDetailView
      assignmentId={assignmentId}
      onOpenAnswer={() => {}}
      onOpenUser={() => {}}
      onReturnedToDraft={() => {}}
    />,
  );
}

describe('AssignmentDetailView: Close and Reopen', () => {
  it('asks before closing, with the answers to review and the Pending trainees; Cancel sends nothing', async () => {
    show(Role.Instructor);
    await userEvent.click(await screen.findByRole('button', { name: messages.closeAssignment }));
    // Open: nothing to reopen.
    expect(screen.queryByRole('button', { name: assignmentText.reopen })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: assignmentText.closeConfirmTitle });
    expect(dialog).toHaveTextContent(assignmentText.closeConfirmToReview(2));
    expect(dialog).toHaveTextContent(assignmentText.closeConfirmPending(3));
    await userEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(statusCalls()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: messages.closeAssignment }));
    const again = await screen.findByRole('dialog', { name: assignmentText.closeConfirmTitle });
    await userEvent.click(within(again).getByRole('button', { name: messages.closeAssignment }));
    await waitFor(() => expect(statusCalls()).toEqual([AssignmentStatus.Closed]));
    expect(await screen.findByText(format.assignmentStatusUpdatedTo('Closed'))).toBeInTheDocument();
    // An instructor may not reopen: no button once Closed.
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: messages.closeAssignment }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: assignmentText.reopen })).not.toBeInTheDocument();
  });

  it('offers a manager Reopen on a Closed assignment, which asks and sets it Active', async () => {
    current = detail({
      statusId: AssignmentStatus.Closed,
      canClose: false,
      canReopen: true,
      closeDate: '2020-01-31',
    });
    show(Role.Manager);
    await userEvent.click(await screen.findByRole('button', { name: assignmentText.reopen }));
    // Closed refuses removals: none is offered.
    const trainees = screen.getByRole('table', { name: messages.trainees });
    expect(await within(trainees).findByText('Tessa Tran')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: removeTessa })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: assignmentText.reopenConfirmTitle });
    expect(dialog).toHaveTextContent(assignmentText.reopenConfirmEffect);
    // The due date has passed: the dialog says Pending trainees cannot answer any more.
    expect(dialog).toHaveTextContent(assignmentText.reopenPastDue('01.31.2020'));
    await userEvent.click(within(dialog).getByRole('button', { name: assignmentText.reopen }));
    await waitFor(() => expect(statusCalls()).toEqual([AssignmentStatus.Active]));
    expect(
      await screen.findByRole('button', { name: messages.closeAssignment }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: removeTessa })).toBeInTheDocument();
  });

  it('offers an admin Reopen too', async () => {
    current = detail({ statusId: AssignmentStatus.Closed, canClose: false, canReopen: true });
    show(Role.Admin);
    expect(await screen.findByRole('button', { name: assignmentText.reopen })).toBeInTheDocument();
  });
});
