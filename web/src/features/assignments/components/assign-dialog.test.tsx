/**
 * The assign dialog (001 §2 'Assign dialog', §4, §5; decisions.md#console-flows §5): members start ticked;
 * unticking a Pending trainee removes it on Save while newly ticked users and whole groups are
 * added; a trainee who has answered stays ticked and locked; an inactive account is marked and
 * cannot be ticked; people are searched by name or email on the server (3+ characters), and a
 * manager may pick a trainee in no group; Save refuses a selection under the minimum with
 * 'Select at least {n} user(s)' (1 for instructors).
 */
import { Role, format, messages, type AssignmentCandidate, type RoleId } from '@practica/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignmentText } from '../../../config/assignment-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { AssignDialog, assignChanges, candidateSearch } from './assign-dialog';

const member = (id: number, firstName: string, roleId: RoleId = Role.Trainee) => ({
  id,
  firstName,
  lastName: 'Demo',
  roleId,
});
const longName =
  'Evening cohort for customer-service interviews with a name much longer than the dialog is wide';
const cohortA = {
  id: 1,
  name: 'Cohort A',
  description: 'Morning',
  organizationId: 1,
  users: [
    member(21, 'Tom'),
    member(22, 'Tessa'),
    member(23, 'Omar'),
    member(31, 'Ivy', Role.Instructor),
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const cohortB = {
  ...cohortA,
  id: 2,
  name: longName,
  users: [member(24, 'Priya'), member(21, 'Tom')],
};

const candidate = (
  id: number,
  firstName: string,
  over: Partial<AssignmentCandidate & { roleId: RoleId }> = {},
): AssignmentCandidate & { roleId: RoleId } => ({
  id,
  firstName,
  lastName: 'Demo',
  email: `${firstName.toLowerCase()}@demo.test`,
  active: true,
  groups: [{ id: 1, name: 'Cohort A' }],
  member: false,
  answerStatusId: null,
  roleId: Role.Trainee,
  ...over,
});
/** What the server holds: the organization's trainees and instructors. */
const people = [
  candidate(21, 'Tom'),
  candidate(22, 'Tessa'),
  candidate(23, 'Omar'),
  candidate(24, 'Priya', { groups: [{ id: 2, name: longName }] }),
  candidate(25, 'Lucas', { active: false, groups: [{ id: 2, name: longName }] }),
  candidate(26, 'Olive', { groups: [] }),
  candidate(31, 'Ivy', { roleId: Role.Instructor }),
];

function answer(data: unknown) {
  return new Response(JSON.stringify({ success: true, message: messages.ok, data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn((url: string) => {
    if (url.startsWith('/api/groups'))
      return Promise.resolve(answer({ list: [cohortA, cohortB], count: 2 }));
    if (url.startsWith('/api/assignments/9/candidates')) {
      const query = new URL(url, 'http://x').searchParams;
      const search = query.get('search')?.toLowerCase();
      const list = people
        .filter((p) => p.roleId === Number(query.get('roleId')))
        .filter(
          (p) =>
            !search || `${p.firstName} ${p.lastName} ${p.email}`.toLowerCase().includes(search),
        )
        .map(({ roleId: _roleId, ...rest }) => rest);
      return Promise.resolve(answer({ list, count: list.length }));
    }
    return Promise.resolve(answer(null));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The JSON bodies of the PUTs sent to `path`. */
function putsTo(path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && (init as RequestInit)?.method === 'PUT')
    .map(([, init]) => JSON.parse((init as RequestInit).body as string));
}

/** The search parameters of the candidate calls, in order. */
function candidateSearches(): (string | null)[] {
  return fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/assignments/9/candidates'))
    .map((url) => new URL(url, 'http://x').searchParams.get('search'));
}

function open(props: {
  roleId: typeof Role.Trainee | typeof Role.Instructor;
  memberIds: number[];
  lockedIds?: number[];
}) {
  signInAsUser(makeUser(Role.Manager));
  const onClose = vi.fn();
  renderWithProviders(
    <AssignDialog opened onClose={onClose} assignmentId={9} organizationId={1} {...props} />,
  );
  return onClose;
}

describe('assignChanges', () => {
  it('adds ticked non-members and groups, removes unticked members, never a locked one', () => {
    const changes = assignChanges(
      new Set([21, 24]),
      new Set([1]),
      [cohortA, cohortB],
      [21, 22, 23, 25, 26],
      [25],
    );
    expect(changes.add).toEqual([24]);
    expect(changes.groupIds).toEqual([1]);
    // 22 and 23 are in the ticked Cohort A; 25 is locked; 26 was unticked.
    expect(changes.remove).toEqual([26]);
    expect([...changes.chosen].sort()).toEqual([21, 22, 23, 24, 25]);
  });
});

describe('candidateSearch', () => {
  it('asks the server only from 3 characters, trimmed', () => {
    expect(candidateSearch('  om ')).toBeUndefined();
    expect(candidateSearch(' oma ')).toBe('oma');
  });
});

describe('AssignDialog', () => {
  it('shows members ticked, a trainee who answered locked, an inactive one refused, and the others free', async () => {
    open({ roleId: Role.Trainee, memberIds: [21, 22], lockedIds: [22] });
    const dialog = await screen.findByRole('dialog');
    const tom = await within(dialog).findByRole('checkbox', { name: 'Tom Demo' });
    expect(tom).toBeChecked();
    expect(tom).toBeEnabled();
    const tessa = within(dialog).getByRole('checkbox', { name: 'Tessa Demo' });
    expect(tessa).toBeChecked();
    expect(tessa).toBeDisabled();
    expect(within(dialog).getByText(assignmentText.completedLocked)).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Omar Demo' })).not.toBeChecked();
    // Lucas is inactive: marked, and cannot be ticked (the server would refuse him).
    const lucas = within(dialog).getByRole('checkbox', { name: 'Lucas Demo' });
    expect(lucas).toBeDisabled();
    expect(lucas).not.toBeChecked();
    expect(within(dialog).getByText(assignmentText.inactive)).toBeInTheDocument();
    expect(lucas).toHaveAccessibleDescription(new RegExp(assignmentText.inactiveHint));
    // Instructors are not offered in the trainees dialog; the long group name is there whole.
    expect(within(dialog).queryByRole('checkbox', { name: 'Ivy Demo' })).not.toBeInTheDocument();
    expect(
      within(dialog).getByRole('checkbox', { name: assignmentText.groupLabel(longName) }),
    ).toBeInTheDocument();
  });

  it('removes an unticked Pending trainee and adds a ticked one and a whole group on Save', async () => {
    const onClose = open({ roleId: Role.Trainee, memberIds: [21, 23] });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Tom Demo' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Omar Demo' }));
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: assignmentText.groupLabel(longName) }),
    );
    // Tom comes with the second group: ticked and fixed.
    const tom = within(dialog).getByRole('checkbox', { name: 'Tom Demo' });
    expect(tom).toBeChecked();
    expect(tom).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: messages.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Tom is back through the group; Omar was unticked.
    expect(putsTo('/api/assignments/9/add')).toEqual([{ ids: [], groupIds: [2] }]);
    expect(putsTo('/api/assignments/9/remove')).toEqual([{ ids: [23] }]);
  });

  it('searches the server by name or email from 3 characters, and adds a trainee in no group', async () => {
    const onClose = open({ roleId: Role.Trainee, memberIds: [] });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: 'Olive Demo' });
    const search = within(dialog).getByRole('textbox', { name: assignmentText.assignSearchLabel });
    await userEvent.type(search, 'ol');
    // Two characters: no search is sent, everyone stays listed.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(candidateSearches().every((s) => s === null)).toBe(true);
    await userEvent.type(search, 'ive@');
    await waitFor(() =>
      expect(within(dialog).queryByRole('checkbox', { name: 'Tom Demo' })).not.toBeInTheDocument(),
    );
    expect(candidateSearches()).toContain('olive@');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Olive Demo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: messages.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(putsTo('/api/assignments/9/add')).toEqual([{ ids: [26] }]);
  });

  it('says so when nobody matches', async () => {
    open({ roleId: Role.Trainee, memberIds: [] });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: 'Tom Demo' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: assignmentText.assignSearchLabel }),
      'zzz',
    );
    expect(await within(dialog).findByText(assignmentText.noCandidates)).toBeInTheDocument();
  });

  it('asks for at least one instructor', async () => {
    const onClose = open({ roleId: Role.Instructor, memberIds: [31] });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Ivy Demo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: messages.save }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      format.selectAtLeastUsers(1),
    );
    expect(putsTo('/api/assignments/9/remove')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    // The instructors dialog offers no groups.
    expect(within(dialog).queryByText(assignmentText.assignGroupsHeading)).not.toBeInTheDocument();
  });

  it('closes without a call when nothing changed', async () => {
    const onClose = open({ roleId: Role.Trainee, memberIds: [21] });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: 'Tom Demo' });
    await userEvent.click(within(dialog).getByRole('button', { name: messages.save }));
    expect(onClose).toHaveBeenCalled();
    expect(
      fetchMock.mock.calls.filter(([, init]) => (init as RequestInit)?.method === 'PUT'),
    ).toEqual([]);
  });
});
