/**
 * User detail (000 §2.10, §4, §6): which actions and toggles each role sees. Delete, restore and
 * erase are admin only (never admin id 1 nor oneself); the creator toggle is never offered for
 * trainees; a manager edits users of its organization but deletes nobody.
 */
import { format, messages, Role, roleLabels, type RoleId, type User } from '@practica/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes, signInAsUser } from '../../../test/render';

function apiUser(overrides: Partial<User> = {}): User {
  const roleId: RoleId = overrides.roleId ?? Role.Trainee;
  return {
    id: 50,
    firstName: 'Priya',
    lastName: 'Patel',
    email: 'priya@example.test',
    phoneNumber: null,
    roleId,
    role: roleLabels[roleId],
    active: true,
    creator: false,
    image: null,
    imageId: null,
    organizationId: 1,
    deletedAt: null,
    ...overrides,
  };
}

function envelope(data: unknown, message: string = messages.ok, status = 200) {
  return new Response(JSON.stringify({ success: status < 400, message, data, error: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Answers GET /api/users/{id} with `user`; other calls through `other`. */
function serve(user: User, other?: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if ((init?.method ?? 'GET') === 'GET' && url.startsWith(`/api/users/${user.id}`)) {
      return envelope(user);
    }
    if (other) return other(url, init);
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openDetail(user: User) {
  renderRoutes([`/dbl/user-detail/${user.id}`]);
  // The page is a lazy chunk: its first load may take a moment under a busy test run.
  await screen.findByTestId('profile-name', {}, { timeout: 5000 });
}

const admin = makeUser(Role.Admin, { id: 7 });
const manager = makeUser(Role.Manager, { id: 8 });

describe('user detail actions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an admin may delete an existing user, but not restore or erase it', async () => {
    signInAsUser(admin);
    serve(apiUser());
    await openDetail(apiUser());
    expect(screen.getByRole('button', { name: messages.delete })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.restore })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.erase })).not.toBeInTheDocument();
  });

  it('an admin may restore or erase a soft-deleted user', async () => {
    signInAsUser(admin);
    const deleted = apiUser({ deletedAt: '2026-01-02T10:00:00.000Z' });
    serve(deleted);
    await openDetail(deleted);
    expect(screen.getByRole('button', { name: messages.restore })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.erase })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.delete })).not.toBeInTheDocument();
    expect(screen.getByText(messages.deleted)).toBeInTheDocument();
  });

  it('a manager sees no delete, restore or erase, but may edit and toggle', async () => {
    signInAsUser(manager);
    serve(apiUser({ roleId: Role.Instructor }));
    await openDetail(apiUser({ roleId: Role.Instructor }));
    expect(screen.queryByRole('button', { name: messages.delete })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.erase })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.save })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: messages.active })).toBeChecked();
  });

  it('nobody deletes admin id 1 or oneself', async () => {
    signInAsUser(admin);
    const first = apiUser({ id: 1, roleId: Role.Admin, organizationId: null });
    serve(first);
    await openDetail(first);
    expect(screen.queryByRole('button', { name: messages.delete })).not.toBeInTheDocument();
  });

  it('an admin looking at itself gets no delete and no active toggle', async () => {
    signInAsUser(admin);
    const self = apiUser({ id: admin.id, roleId: Role.Admin, organizationId: null });
    serve(self);
    await openDetail(self);
    expect(screen.queryByRole('button', { name: messages.delete })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: messages.active })).not.toBeInTheDocument();
  });

  it('an instructor only reads another user: no form buttons, no toggles', async () => {
    signInAsUser(makeUser(Role.Instructor, { id: 9 }));
    serve(apiUser());
    await openDetail(apiUser());
    expect(screen.queryByRole('button', { name: messages.save })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: messages.firstName })).toHaveAttribute('readonly');
  });
});

describe('user detail toggles', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hides the creator toggle for trainees', async () => {
    signInAsUser(admin);
    serve(apiUser({ roleId: Role.Trainee }));
    await openDetail(apiUser({ roleId: Role.Trainee }));
    expect(screen.getByRole('switch', { name: messages.active })).toBeInTheDocument();
    expect(screen.queryAllByRole('switch')).toHaveLength(1);
  });

  it('offers the creator toggle for an instructor and reports the change', async () => {
    signInAsUser(admin);
    const instructor = apiUser({ roleId: Role.Instructor });
    const fetchMock = serve(instructor, (url) =>
      url.endsWith('/enable-creator')
        ? envelope({ ...instructor, creator: true }, format.creatorStatusChanged(true))
        : envelope(null),
    );
    await openDetail(instructor);
    const toggles = screen.getAllByRole('switch');
    expect(toggles).toHaveLength(2);
    await userEvent.click(toggles[1]!);
    expect(await screen.findByText(format.creatorStatusChanged(true))).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/50/enable-creator',
      expect.objectContaining({ method: 'PUT' }),
    );
    await waitFor(() => expect(screen.getAllByRole('switch')[1]).toBeChecked());
  });

  it("shows the server's 409 when no creator seat is left", async () => {
    signInAsUser(admin);
    const instructor = apiUser({ roleId: Role.Instructor });
    serve(
      instructor,
      () =>
        new Response(
          JSON.stringify({
            success: false,
            message: messages.noCreatorSeatsLeft,
            data: null,
            error: { code: 'CONFLICT', message: messages.noCreatorSeatsLeft },
          }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    await openDetail(instructor);
    await userEvent.click(screen.getAllByRole('switch')[1]!);
    expect(await screen.findByText(messages.noCreatorSeatsLeft)).toBeInTheDocument();
    expect(screen.getAllByRole('switch')[1]).not.toBeChecked();
  });

  it('deletes after the confirmation and then offers restore', async () => {
    signInAsUser(admin);
    const user = apiUser();
    serve(user, (url) =>
      url.endsWith('/delete')
        ? envelope({ ...user, deletedAt: '2026-01-02T10:00:00.000Z' }, messages.userDeleted)
        : envelope(null),
    );
    await openDetail(user);
    await userEvent.click(screen.getByRole('button', { name: messages.delete }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: messages.delete }));
    expect(await screen.findByText(messages.userDeleted)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: messages.restore })).toBeInTheDocument();
  });
});
