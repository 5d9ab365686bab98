/**
 * The group panel (000 §2.6, §6): Delete, edit and add are hidden from instructors, and the remove
 * icon from instructors and trainees; managers and admins get them all.
 */
import { format, messages, Role, type RoleId } from '@practica/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupText } from '../../../config/organization-text';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { GroupPanel } from './group-panel';

const group = {
  id: 7,
  name: 'Cohort A',
  description: 'Morning cohort',
  organizationId: 1,
  organization: { id: 1, name: 'Demo Academy' },
  traineesCount: 1,
  instructorsCount: 0,
  users: [{ id: 21, firstName: 'Tom', lastName: 'Trainee', roleId: Role.Trainee }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const member = {
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

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url.includes('/users') ? answer({ list: [member], count: 1 }) : answer(group),
      ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderAs(roleId: RoleId) {
  signInAsUser(makeUser(roleId));
  renderWithProviders(<GroupPanel groupId={7} onDeleted={() => {}} onUserClick={() => {}} />);
  expect(await screen.findByRole('heading', { name: group.name })).toBeInTheDocument();
  expect(await screen.findByText('tom@example.test')).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: format.traineesTab(1) })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: format.instructorsTab(0) })).toBeInTheDocument();
}

const removeIcon = () =>
  screen.queryByRole('button', { name: groupText.removeMember('Tom Trainee') });

describe('GroupPanel', () => {
  it.each([Role.Manager, Role.Admin])('gives role %i every control', async (roleId) => {
    await renderAs(roleId);
    expect(screen.getByRole('button', { name: messages.delete })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.edit })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.addMembers })).toBeInTheDocument();
    expect(removeIcon()).toBeInTheDocument();
  });

  it('hides delete, edit, add and remove from instructors', async () => {
    await renderAs(Role.Instructor);
    expect(screen.queryByRole('button', { name: messages.delete })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.edit })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.addMembers })).not.toBeInTheDocument();
    expect(removeIcon()).not.toBeInTheDocument();
  });

  it('hides the remove icon from trainees', async () => {
    await renderAs(Role.Trainee);
    expect(removeIcon()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.delete })).not.toBeInTheDocument();
  });
});
