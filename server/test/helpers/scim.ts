/**
 * Helpers of the SCIM tests (decisions.md#scim): a request as a directory sends it, a SCIM token
 * of an organization, and the check of SCIM's error message (RFC 7644 §3.12).
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CreatedApiToken } from '@practica/contract';
import { injectWithToken } from './build.js';

/** SCIM's error message schema URN. */
export const scimErrorSchema = 'urn:ietf:params:scim:api:messages:2.0:Error';

/**
 * A request to `/scim/v2{path}` as a directory sends it: the token as Bearer (none when
 * undefined), a body as `application/scim+json`.
 */
export function scimRequest(
  app: FastifyInstance,
  token: string | undefined,
  method: string,
  path: string,
  body?: object,
) {
  return app.inject({
    method: method as 'GET',
    url: `/scim/v2${path}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/scim+json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

/** A new API token of organization `organizationId` with `scopes`, made by its manager (`managerToken`). */
export async function scimToken(
  app: FastifyInstance,
  organizationId: number,
  managerToken: string,
  scopes = ['scim:provision'],
): Promise<string> {
  const res = await injectWithToken(
    app,
    'POST',
    `/api/organizations/${organizationId}/api-tokens`,
    managerToken,
    { name: 'Entra ID', scopes },
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CreatedApiToken }).data.token;
}

/** Asserts a SCIM error answer: `status`, `application/scim+json`, the Error schema, and `scimType` when given. */
export function expectScimError(
  res: { statusCode: number; headers: Record<string, unknown>; body: string; json: () => unknown },
  status: number,
  scimType?: string,
): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/scim\+json/);
  const body = res.json() as { schemas: string[]; status: string; scimType?: string };
  expect(body.schemas).toEqual([scimErrorSchema]);
  expect(body.status).toBe(String(status));
  if (scimType) expect(body.scimType).toBe(scimType);
}
