/**
 * The assign dialog (001 §2 'Assign dialog', §4, §5): members start ticked; unticking a Pending
 * trainee removes it on Save while newly ticked users and whole groups are added; a trainee who
 * has answered stays ticked and locked; Save refuses a selection under the minimum with
 * 'Select at least {n} user(s)' (1 for instructors).
 */
import { Role, format, messages, type RoleId } from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignmentText } from '../../../config/assignment-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { AssignDialog, assignChanges } from './assign-dialog';

const member = (id: number, firstName: string, roleId: RoleId = Role.Trainee) => ({
  id,
  firstName,
  lastName: 'Demo',
  roleId,
});
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
  name: 'Cohort B',
  users: [member(24, 'Priya'), member(21, 'Tom')],
};

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

describe('AssignDialog', () => {
  it('shows members ticked, a trainee who answered locked, and the others free', async () => {
    open({ roleId: Role.Trainee, memberIds: [21, 22], lockedIds: [22] });
    const dialog = await screen.findByRole('dialog');
    const tom = await within(dialog).findAllByRole('checkbox', { name: 'Tom Demo' });
    expect(tom[0]).toBeChecked();
    expect(tom[0]).toBeEnabled();
    const tessa = within(dialog).getByRole('checkbox', { name: /Tessa Demo/ });
    expect(tessa).toBeChecked();
    expect(tessa).toBeDisabled();
    expect(within(dialog).getByText(assignmentText.completedLocked)).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Omar Demo' })).not.toBeChecked();
    // Instructors are not offered in the trainees dialog.
    expect(within(dialog).queryByRole('checkbox', { name: 'Ivy Demo' })).not.toBeInTheDocument();
  });

  it('removes an unticked Pending trainee and adds a ticked one and a whole group on Save', async () => {
    const onClose = open({ roleId: Role.Trainee, memberIds: [21, 23] });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      (await within(dialog).findAllByRole('checkbox', { name: 'Tom Demo' }))[0]!,
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Omar Demo' }));
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: assignmentText.groupLabel('Cohort B') }),
    );
    // Tom comes with Cohort B: ticked and fixed under Cohort A too.
    for (const box of within(dialog).getAllByRole('checkbox', { name: 'Tom Demo' })) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    await userEvent.click(within(dialog).getByRole('button', { name: messages.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Tom is back through Cohort B; Omar was unticked.
    expect(putsTo('/api/assignments/9/add')).toEqual([{ ids: [], groupIds: [2] }]);
    expect(putsTo('/api/assignments/9/remove')).toEqual([{ ids: [23] }]);
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
  });

  it('closes without a call when nothing changed', async () => {
    const onClose = open({ roleId: Role.Trainee, memberIds: [21] });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findAllByRole('checkbox', { name: 'Tom Demo' });
    await userEvent.click(within(dialog).getByRole('button', { name: messages.save }));
    expect(onClose).toHaveBeenCalled();
    expect(
      fetchMock.mock.calls.filter(([, init]) => (init as RequestInit)?.method === 'PUT'),
    ).toEqual([]);
  });
});
