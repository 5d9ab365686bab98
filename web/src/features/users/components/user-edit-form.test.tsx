/**
 * The profile edit form (000 §2.8, §5, §7 'Files'): an image over 300 KB is refused before any
 * call; an upload failure shows 'Failed to upload image!' and aborts the save; a saved change
 * reaches the stored session, and a fresh token after one's own password change replaces the old.
 */
import { messages, Role, roleLabels, type User } from '@practica/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userText } from '@shared/config/ui-text';
import { getAuth } from '../../../lib/auth';
import { readLocal } from '@shared/lib/storage';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { UserEditForm } from './user-edit-form';

const me = makeUser(Role.Manager, { id: 8, firstName: 'Maya', lastName: 'Manning' });

const user: User = {
  id: 8,
  firstName: 'Maya',
  lastName: 'Manning',
  email: 'maya@example.test',
  phoneNumber: null,
  roleId: Role.Manager,
  role: roleLabels[Role.Manager],
  active: true,
  creator: false,
  image: null,
  imageId: null,
  organizationId: 1,
  deletedAt: null,
};

function json(status: number, data: unknown, message: string = messages.ok) {
  return new Response(
    JSON.stringify(
      status < 400
        ? { success: true, message, data, error: null }
        : { success: false, message: '', data: null, error: { code: 'INTERNAL', message: '' } },
    ),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}

/** A stand-in for XMLHttpRequest: reports progress, then answers the signed PUT. */
class FakeXhr {
  static answer: { status: number; body: unknown } = { status: 200, body: null };
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  responseType = '';
  timeout = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  abort() {}
  send() {
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    }, 10);
  }
}

function pickFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

const png = (size: number) => new File([new Uint8Array(size)], 'face.png', { type: 'image/png' });

describe('UserEditForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an image over 300 KB without any call', async () => {
    signInAsUser(me);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<UserEditForm user={user} />);
    pickFile(png(300 * 1024 + 1));
    expect(await screen.findByText(messages.imageTooLarge)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.save })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('aborts the save when the upload fails', async () => {
    signInAsUser(me);
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => json(500, null));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<UserEditForm user={user} />);
    pickFile(png(1000));
    await userEvent.click(screen.getByRole('button', { name: messages.save }));
    expect(await screen.findAllByText(messages.failedToUploadImage)).not.toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/files/upload');
  });

  it('uploads, saves with the new image id, and updates the session', async () => {
    signInAsUser(me);
    // A bucket's PUT answers no envelope: the stored file comes from POST /files/{id}/complete.
    FakeXhr.answer = { status: 200, body: null };
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/files/upload') return json(200, { id: 77, url: '/files/upload/a?x=1' });
      if (url === '/api/files/77/complete') return json(200, { id: 77, url: '/files/a/face.png' });
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return json(
        200,
        {
          ...user,
          firstName: body.firstName,
          imageId: 77,
          image: { id: 77, url: '/files/a/face.png' },
          token: 'fresh-token',
        },
        messages.userUpdated,
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<UserEditForm user={user} />);
    pickFile(png(1000));
    const first = screen.getByRole('textbox', { name: messages.firstName });
    await userEvent.clear(first);
    await userEvent.type(first, 'Mira');
    await userEvent.type(screen.getByLabelText(userText.newPassword), 'secret1');
    await userEvent.type(screen.getByLabelText(messages.repeatPassword), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: messages.save }));
    expect(await screen.findByText(messages.userUpdated)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordUpdated)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/files/77/complete');
    const [, init] = fetchMock.mock.calls[2]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      firstName: 'Mira',
      imageId: 77,
      password: 'secret1',
    });
    await waitFor(() => expect(getAuth().user?.firstName).toBe('Mira'));
    expect(getAuth().user?.imageUrl).toBe('/files/a/face.png');
    expect(readLocal('authToken')).toBe('fresh-token');
  });

  it('shows the repeat-password rule and sends nothing', async () => {
    signInAsUser(me);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<UserEditForm user={user} />);
    await userEvent.type(screen.getByLabelText(userText.newPassword), 'secret1');
    await userEvent.type(screen.getByLabelText(messages.repeatPassword), 'secret2');
    await userEvent.click(screen.getByRole('button', { name: messages.save }));
    expect(await screen.findByText(messages.repeatPasswordMismatch)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
