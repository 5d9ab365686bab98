/**
 * The boot prefetch: a trainee opening the home has the list request started before the home's
 * code runs, the home's fetcher uses that response once (checked by the contract's schema), and
 * nobody else gets a request they did not need.
 */
import { Role, messages } from '@practica/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchMyAssignments } from '../api/my-assignments';
import { installPracticeSession } from '../lib/session';
import { makeAssignmentRow, ok, signInPractice, signOutPractice, stubApi } from '../test/render';
import { prefetchSignedInPage } from './boot-prefetch';

const listCalls = (mock: ReturnType<typeof stubApi>) =>
  mock.mock.calls.filter(([input]) => String(input).includes('/api/me/assignments')).length;

describe('boot prefetch', () => {
  beforeEach(() => {
    installPracticeSession();
    signOutPractice();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("starts a trainee's home list at boot; the home takes that response once, then asks again", async () => {
    signInPractice();
    const rows = [makeAssignmentRow(1, { name: 'Early' })];
    const api = stubApi({ 'GET /api/me/assignments': () => ok({ list: rows, count: 1 }) });

    prefetchSignedInPage('/practice/');
    expect(listCalls(api)).toBe(1);
    const [input, init] = api.mock.calls[0]!;
    expect(String(input)).toContain('page=1&pageSize=100');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer practice-token');

    expect((await fetchMyAssignments()).map((r) => r.name)).toEqual(['Early']);
    expect(listCalls(api)).toBe(1);
    await fetchMyAssignments();
    expect(listCalls(api)).toBe(2);
  });

  it('checks the early response against the schema like any other', async () => {
    signInPractice();
    stubApi({ 'GET /api/me/assignments': () => ok({ list: [{ id: 'x' }], count: 1 }) });
    prefetchSignedInPage('/practice');
    await expect(fetchMyAssignments()).rejects.toMatchObject({
      kind: 'structure',
      message: messages.unexpectedResponseStructure,
    });
  });

  it('requests nothing for staff, without a session, or on another page', () => {
    const api = stubApi({});
    prefetchSignedInPage('/practice/');
    signInPractice(Role.Manager);
    prefetchSignedInPage('/practice/');
    signOutPractice();
    signInPractice();
    prefetchSignedInPage('/practice/assignments/3');
    expect(listCalls(api)).toBe(0);
  });
});
