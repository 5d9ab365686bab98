/** The shell re-reads the session so the top bar's signed image URL does not go stale. */
import { Role } from '@practica/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuth } from '../../../lib/auth';
import { makeUser, renderWithProviders, signInAsUser } from '../../../test/render';
import { useSessionRefresh } from './refresh-session';

function Probe() {
  useSessionRefresh();
  return null;
}

function answer(data: unknown, status = 200) {
  return new Response(JSON.stringify({ success: status < 400, message: '', data, error: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('useSessionRefresh', () => {
  it('replaces the stored user with the server one, with its fresh image URL', async () => {
    const stored = makeUser(Role.Manager, { imageUrl: '/files/a.png?expires=1&signature=old' });
    signInAsUser(stored);
    const fresh = { ...stored, imageUrl: '/files/a.png?expires=2&signature=new', firstName: 'Ana' };
    const fetchMock = vi.fn(async () => answer(fresh));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(getAuth().user?.imageUrl).toBe(fresh.imageUrl));
    expect(getAuth().user?.firstName).toBe('Ana');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/auth/session');
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    const stored = makeUser(Role.Instructor, { imageUrl: '/files/b.png?expires=1&signature=x' });
    signInAsUser(stored);
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(getAuth().user).toEqual(stored);
    expect(getAuth().token).toBe('test-token');
  });
});
