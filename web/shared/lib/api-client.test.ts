/** The API client (000 §7, §8): envelope parsing, typed errors, the time-out and 401/403 handling. */
import { messages, requestTimeoutMs } from '@practica/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  api,
  ApiError,
  apiList,
  resetApiClient,
  setApiSession,
  setUnauthorizedHandler,
} from './api-client';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
const ok = (data: unknown) => json(200, { success: true, message: messages.ok, data, error: null });

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(onUnauthorized);
    onUnauthorized.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('returns the envelope data and sends JSON with the bearer token', async () => {
    window.localStorage.setItem('authToken', 'abc');
    fetchMock.mockResolvedValue(ok({ id: 1 }));
    await expect(
      api.post('/things', { body: { a: 1 }, query: { page: 2, empty: '' } }),
    ).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/things?page=2');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(ok(null));
    await api.get('/info');
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('validates data with a schema', async () => {
    fetchMock.mockResolvedValue(ok({ id: 'x' }));
    await expect(api.get('/x', { schema: z.object({ id: z.number() }) })).rejects.toMatchObject({
      kind: 'structure',
      message: messages.unexpectedResponseStructure,
    });
  });

  it('turns an error envelope into a typed ApiError with the server message and details', async () => {
    fetchMock.mockResolvedValue(
      json(409, {
        success: false,
        message: messages.noTraineeSeatsLeft,
        data: null,
        error: {
          code: 'CONFLICT',
          message: messages.noTraineeSeatsLeft,
          details: [{ path: 'email', message: 'Taken' }],
          requestId: 'r1',
        },
      }),
    );
    const error = await api.post('/invites').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: messages.noTraineeSeatsLeft,
      fromServer: true,
      requestId: 'r1',
    });
    expect((error as ApiError).fieldErrors()).toEqual({ email: 'Taken' });
  });

  it('falls back to the generic message when an error has no body', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 502,
      fromServer: false,
      message: messages.somethingWentWrongTryLater,
    });
  });

  it('reports a network failure as a connection problem', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/x')).rejects.toMatchObject({
      kind: 'network',
      status: 0,
      message: messages.checkInternetConnection,
    });
  });

  it('aborts after the 2-minute time-out', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          );
        }),
    );
    const pending = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(requestTimeoutMs - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({
      kind: 'timeout',
      message: messages.checkInternetConnection,
    });
  });

  it.each([401, 403])('on %i clears local storage and goes to login', async (status) => {
    window.localStorage.setItem('authToken', 'abc');
    window.localStorage.setItem('rootPage', '/dbl/dashboard');
    fetchMock.mockResolvedValue(
      json(status, {
        success: false,
        message: 'no',
        data: null,
        error: { code: 'UNAUTHORIZED', message: 'no' },
      }),
    );
    await expect(api.get('/users')).rejects.toMatchObject({ status });
    expect(window.localStorage.length).toBe(0);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves storage alone for the sign-in call', async () => {
    window.localStorage.setItem('iosLink', 'https://ios.test');
    fetchMock.mockResolvedValue(
      json(401, {
        success: false,
        message: 'no',
        data: null,
        error: { code: 'UNAUTHORIZED', message: 'no' },
      }),
    );
    await expect(api.post('/auth', { skipAuthRedirect: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(window.localStorage.getItem('iosLink')).toBe('https://ios.test');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends the console token again after a reset, whatever session another app set', async () => {
    setApiSession({ readToken: () => 'practice-token', clear: () => undefined });
    resetApiClient();
    window.localStorage.setItem('authToken', 'abc');
    fetchMock.mockResolvedValue(ok(null));
    await api.get('/info');
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('reads list answers and rejects ones without list and count', async () => {
    fetchMock.mockResolvedValueOnce(ok({ list: [{ id: 1 }], count: 1 }));
    await expect(apiList('/groups', { page: 1, pageSize: 25 })).resolves.toEqual({
      list: [{ id: 1 }],
      count: 1,
    });
    fetchMock.mockResolvedValueOnce(ok([{ id: 1 }]));
    await expect(apiList('/groups')).rejects.toMatchObject({
      message: messages.unexpectedResponseStructure,
    });
  });
});
