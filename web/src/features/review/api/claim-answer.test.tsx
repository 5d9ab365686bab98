import { act, renderHook, waitFor } from '@testing-library/react';
import { reviewClaimRenewMs } from '@practica/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAnswerClaim } from './claim-answer';

const claim = (userId: number, mine: boolean) => ({
  answerId: 5,
  user: { id: userId, firstName: userId === 2 ? 'Maya' : 'Ian', lastName: 'X' },
  claimedAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-26T10:10:00.000Z',
  mine,
});
const envelope = (data: unknown, status = 200) =>
  new Response(
    JSON.stringify(
      status < 400
        ? { success: true, message: 'OK', data, error: null }
        : {
            success: false,
            message: 'Maya X is reviewing this answer',
            data,
            error: { code: 'CONFLICT', message: 'Maya X is reviewing this answer' },
          },
    ),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

/** Stubs fetch: the claim call answers `onClaim(body)`; records 'METHOD path body'. */
function stubApi(onClaim: (body: { takeOver?: boolean }) => Response) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url} ${init?.body ?? ''}`.trim());
    if (method === 'POST') return onClaim(JSON.parse(String(init?.body ?? '{}')));
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

describe('useAnswerClaim', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('claims on opening, renews every 2 minutes and releases on leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubApi(() => envelope(claim(3, true)));
    const { result, unmount } = renderHook(() => useAnswerClaim(5, true));
    await waitFor(() => expect(result.current.mine?.user.id).toBe(3));
    expect(result.current.heldBy).toBeUndefined();
    expect(calls).toEqual(['POST /api/assignments/answers/5/claim {}']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(reviewClaimRenewMs);
    });
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(2);
    unmount();
    expect(calls.at(-1)).toBe('DELETE /api/assignments/answers/5/claim');
  });

  it('answers another reviewer’s claim, takes it over on request, and claims nothing when disabled', async () => {
    let held = true;
    const { calls } = stubApi((body) =>
      held && !body.takeOver ? envelope(claim(2, false), 409) : envelope(claim(3, true)),
    );
    const { result, unmount } = renderHook(() => useAnswerClaim(5, true));
    await waitFor(() => expect(result.current.heldBy?.user.firstName).toBe('Maya'));
    expect(result.current.mine).toBeUndefined();
    await act(() => result.current.takeOver());
    expect(calls.at(-1)).toBe('POST /api/assignments/answers/5/claim {"takeOver":true}');
    expect(result.current.heldBy).toBeUndefined();
    expect(result.current.mine?.user.id).toBe(3);
    held = false;
    unmount();
    expect(calls.at(-1)).toBe('DELETE /api/assignments/answers/5/claim');

    const disabled = stubApi(() => envelope(claim(3, true)));
    const off = renderHook(() => useAnswerClaim(5, false));
    await new Promise((r) => setTimeout(r, 20));
    off.unmount();
    expect(disabled.calls).toEqual([]);
  });

  it('asks again when the answer detail names another holder: released, or taken over', async () => {
    let holder: 'maya' | 'me' = 'maya';
    const { calls } = stubApi(() =>
      holder === 'maya' ? envelope(claim(2, false), 409) : envelope(claim(3, true)),
    );
    type Seen = { claim: ReturnType<typeof claim> | null; at: number };
    const { result, rerender } = renderHook(
      ({ seen }: { seen: Seen }) => useAnswerClaim(5, true, seen),
      {
        initialProps: { seen: { claim: claim(2, false), at: 1 } as Seen },
      },
    );
    await waitFor(() => expect(result.current.heldBy?.user.firstName).toBe('Maya'));
    expect(result.current.asked).toBe(true);
    const posts = () => calls.filter((c) => c.startsWith('POST')).length;
    // The same holder read again: nothing to ask.
    rerender({ seen: { claim: claim(2, false), at: 2 } });
    await new Promise((r) => setTimeout(r, 20));
    expect(posts()).toBe(1);
    // Maya released it (or submitted): the screen claims it.
    holder = 'me';
    rerender({ seen: { claim: null, at: 3 } });
    await waitFor(() => expect(result.current.mine?.user.id).toBe(3));
    expect(result.current.heldBy).toBeUndefined();
    expect(posts()).toBe(2);
    // Maya took it over: the screen learns it from her 409.
    holder = 'maya';
    rerender({ seen: { claim: claim(2, false), at: 4 } });
    await waitFor(() => expect(result.current.heldBy?.user.firstName).toBe('Maya'));
    expect(result.current.mine).toBeUndefined();
  });

  it('moving on to the next answer: the last one’s late reply changes nothing, and it is not claimed again', async () => {
    // Answer 5's claim reply waits until the screen shows answer 6 and 6's reply is in; it names
    // Maya as the holder, which would make 6 read only.
    let reply5: (r: Response) => void = () => undefined;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push(`${method} ${url}`);
        if (method !== 'POST') return envelope(null);
        if (url.includes('/answers/5/'))
          return new Promise<Response>((resolve) => (reply5 = resolve));
        return envelope({ ...claim(3, true), answerId: 6 });
      }),
    );
    const { result, rerender, unmount } = renderHook(
      ({ id }: { id: number }) => useAnswerClaim(id, true),
      { initialProps: { id: 5 } },
    );
    await waitFor(() => expect(calls).toContain('POST /api/assignments/answers/5/claim'));
    const recheckFive = result.current.recheck;
    rerender({ id: 6 });
    await waitFor(() => expect(result.current.mine?.answerId).toBe(6));
    expect(result.current.asked).toBe(true);
    await act(async () => {
      reply5(envelope(claim(2, false), 409));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(result.current.heldBy).toBeUndefined();
    expect(result.current.mine?.answerId).toBe(6);
    expect(result.current.asked).toBe(true);
    // A recheck the screen of answer 5 asked for on its way out claims nothing.
    recheckFive();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/assignments/answers/5/claim',
      'POST /api/assignments/answers/6/claim',
    ]);
    unmount();
  });
});
