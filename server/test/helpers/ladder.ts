/**
 * The refusing rungs of a route's ladder (architecture.md 'Tests'): 401 without a token, 403 for each
 * account whose role may not make the call, 404 for each account of another organization. The
 * test itself checks the 400s, the success, and that a refused write changed nothing.
 */
import { expect } from 'vitest';
import type { Call, Method } from './demo-fixture.js';

export interface Refusals<Who extends string> {
  /** The body sent with every call. */
  payload?: object;
  /** Accounts answered 403. */
  forbidden?: readonly Who[];
  /** Accounts of another organization, answered 404. */
  otherOrganization?: readonly Who[];
}

/** Expects `method url` to answer 401 without a token, then 403 and 404 for the accounts given. */
export async function expectRefused<Who extends string>(
  call: Call<Who>,
  method: Method,
  url: string,
  { payload, forbidden = [], otherOrganization = [] }: Refusals<Who>,
): Promise<void> {
  expect((await call(method, url, undefined, payload)).statusCode, 'without a token').toBe(401);
  for (const who of forbidden) {
    expect((await call(method, url, who, payload)).statusCode, who).toBe(403);
  }
  for (const who of otherOrganization) {
    expect((await call(method, url, who, payload)).statusCode, who).toBe(404);
  }
}
