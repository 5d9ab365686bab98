/**
 * The connection flag (decisions.md#console-flows §4): a call without an answer makes the server unreachable,
 * any answer (even an error) or a probe that gets one makes it reachable again; a read that got
 * no answer shows no toast (the shell's banner says it).
 */
import { messages } from '@practica/contract';
import { notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@shared/lib/api-client';
import { isReachable, probeServer, resetConnectionForTests } from './connection';
import { createQueryClient } from '@shared/lib/query-client';

const answer = (status: number) =>
  new Response(JSON.stringify({ success: status < 400, message: 'm', data: null, error: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

describe('connection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetConnectionForTests();
  });

  it('is unreachable after a call without answer and reachable after any answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/groups')).rejects.toMatchObject({ kind: 'network' });
    expect(isReachable()).toBe(false);

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(404)));
    await expect(api.get('/groups')).rejects.toMatchObject({ kind: 'http' });
    expect(isReachable()).toBe(true);
  });

  it('is reachable again when the probe gets an answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await probeServer()).toBe(false);
    expect(isReachable()).toBe(false);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"status":"ok"}')));
    expect(await probeServer()).toBe(true);
    expect(isReachable()).toBe(true);
  });

  it('shows no toast for a read without answer, but one for a failed action', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const client = createQueryClient();
    const toasts = () => notificationsStore.getState().notifications.map((n) => n.message);
    await client
      .fetchQuery({ queryKey: ['x'], queryFn: () => api.get('/groups'), retry: false })
      .catch(() => undefined);
    expect(toasts()).not.toContain(messages.checkInternetConnection);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => api.post('/groups') })
      .execute(undefined)
      .catch(() => undefined);
    expect(toasts()).toContain(messages.checkInternetConnection);
  });
});
