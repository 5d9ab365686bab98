/**
 * The user detail's groups tab (000 §2.10, §6): admins and managers edit a trainee's or an
 * instructor's groups through the picker, saving exactly the chosen ids; instructors only see them.
 */
import { messages, Role, type RoleId, type User } from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupText } from '../../../config/organization-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { UserGroupsTab } from './user-groups-tab';

const group = (id: number, name: string) => ({
  id,
  name,
  description: `${name} description`,
  organizationId: 1,
  traineesCount: 1,
  instructorsCount: 0,
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

function answer(data: unknown) {
  return new Response(JSON.stringify({ success: true, message: messages.ok, data, error: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url.startsWith('/api/users/21/groups') && init?.method === 'PUT')
      return Promise.resolve(answer({ list: [], count: 0 }));
    if (url.startsWith('/api/users/21/groups'))
      return Promise.resolve(answer({ list: [group(1, 'Cohort A')], count: 1 }));
    return Promise.resolve(
      answer({ list: [group(1, 'Cohort A'), group(2, 'Cohort B')], count: 2 }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderAs(roleId: RoleId) {
  signInAsUser(makeUser(roleId));
  renderWithProviders(
    <MemoryRouter>
      <UserGroupsTab user={trainee} />
    </MemoryRouter>,
  );
}

describe('UserGroupsTab', () => {
  it('lists the groups; instructors cannot edit them', async () => {
    renderAs(Role.Instructor);
    expect(await screen.findByText('Cohort A')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: groupText.editGroups })).not.toBeInTheDocument();
  });

  it('lets a manager choose the groups and saves exactly those', async () => {
    renderAs(Role.Manager);
    await userEvent.click(await screen.findByRole('button', { name: groupText.editGroups }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      await within(dialog).findByRole('button', { name: groupText.addMember('Cohort B') }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: groupText.unselectMember('Cohort A') }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: messages.save }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'PUT');
      expect(put).toBeTruthy();
      expect(JSON.parse((put![1] as RequestInit).body as string)).toEqual({ ids: [2] });
    });
    expect(await screen.findByText(messages.userGroupsSaved)).toBeInTheDocument();
  });
});
