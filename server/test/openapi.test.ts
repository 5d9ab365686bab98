/**
 * The OpenAPI document (`/api/docs/json`, plugins/openapi.ts) tells every status the server
 * answers, as integrators generate clients from it (docs/api.md): the error envelope on every
 * operation, the statuses each kind of call can answer, the review calls' 409 with its data,
 * ETag and If-Match, the tus upload calls, security that matches what the server checks, and
 * unique operationIds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@practica/contract';
import { unusedHintKeys } from '../src/plugins/openapi.js';
import { buildTestApp, type TestContext } from './helpers/build.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const methods = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

let ctx: TestContext;
let doc: Json;
/** Every operation of the document: `METHOD path` and the operation. */
let operations: { key: string; method: string; path: string; operation: Json }[];

beforeAll(async () => {
  ctx = await buildTestApp({}, { seed: false });
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  operations = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    methods
      .filter((method) => item[method])
      .map((method) => ({
        key: `${method.toUpperCase()} ${path}`,
        method,
        path,
        operation: item[method] as Json,
      })),
  );
});
afterAll(async () => ctx.close());

/** The response of `status` with its `$ref` to components.responses resolved. */
function response(operation: Json, status: number): Json | undefined {
  const value = operation.responses?.[String(status)] as Json | undefined;
  if (!value?.$ref) return value;
  return doc.components.responses[String(value.$ref).split('/').at(-1)!];
}

/** The JSON schema of a response's body, `$ref` to components.schemas resolved. */
function bodySchema(value: Json | undefined): Json | undefined {
  const schema = value?.content?.['application/json']?.schema as Json | undefined;
  if (!schema?.$ref) return schema;
  return doc.components.schemas[String(schema.$ref).split('/').at(-1)!];
}

const find = (key: string) => {
  const found = operations.find((o) => o.key === key);
  if (!found) throw new Error(`no operation ${key}`);
  return found.operation;
};

/** A call that needs a session (`[{}]` in its security makes it optional). */
const isSecured = (operation: Json) =>
  Array.isArray(operation.security) &&
  operation.security.length > 0 &&
  !operation.security.some((scheme: Json) => Object.keys(scheme).length === 0);

describe('the OpenAPI document', () => {
  it('has the error envelope with the error codes of the contract', () => {
    const envelope = doc.components.schemas.ErrorEnvelope as Json;
    expect(envelope.required).toEqual(['success', 'message', 'data', 'error']);
    expect(envelope.properties.error.properties.code.enum).toEqual([...errorCodes]);
    expect(envelope.properties.error.required).toEqual(['code', 'message']);
  });

  it('declares on every operation the errors any call can answer, each with the envelope', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const { key, operation } of operations) {
      for (const status of [500, 503]) {
        const value = response(operation, status);
        expect(value, `${key} ${status}`).toBeDefined();
      }
      expect(response(operation, 503)?.headers?.['Retry-After'], key).toBeDefined();
      // A HEAD answer has no body; every other refusal is the envelope.
      if (key.startsWith('HEAD ')) continue;
      expect(response(operation, 400), `${key} 400`).toBeDefined();
      for (const status of Object.keys(operation.responses).map(Number)) {
        // A download's 416 answers an empty body with its Content-Range, as HTTP has it.
        if (status < 400 || `${key} ${status}` === 'GET /files/{year}/{month}/{name} 416') continue;
        const schema = bodySchema(response(operation, status));
        expect(schema?.properties?.error, `${key} ${status} envelope`).toBeDefined();
        expect(schema?.properties?.success, `${key} ${status} envelope`).toBeDefined();
      }
    }
  });

  it('declares 401, 403 and 429 on every call behind the session, 404 with a path parameter, 413 with a body', () => {
    for (const { key, path, operation } of operations) {
      if (isSecured(operation)) {
        for (const status of [401, 403, 429])
          expect(response(operation, status), `${key} ${status}`).toBeDefined();
        expect(response(operation, 429)?.headers?.['Retry-After'], key).toBeDefined();
      }
      if (path.includes('{')) expect(response(operation, 404), `${key} 404`).toBeDefined();
      if (operation.requestBody) expect(response(operation, 413), `${key} 413`).toBeDefined();
    }
  });

  it('documents the review call’s 409 with its data, its If-Match and the ETag of its answer', () => {
    const submit = find('POST /api/assignments/interviews/answers/review/{id}');
    const conflict = response(submit, 409)!;
    const schema = bodySchema(conflict)!;
    expect(schema.properties.error).toBeDefined();
    expect(schema.properties.data.properties.latestReview).toBeDefined();
    expect(submit.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'If-Match' })]),
    );
    expect(Object.keys(response(submit, 200)!.headers)).toContain('ETag');
    expect(
      Object.keys(response(find('GET /api/assignments/answers/{id}'), 200)!.headers),
    ).toContain('ETag');
    const claim = bodySchema(response(find('POST /api/assignments/answers/{id}/claim'), 409))!;
    expect(claim.properties.data.properties.user).toBeDefined();
  });

  it('marks public calls with security [] and the others with the session or an API token', () => {
    expect(find('GET /api/info').security).toEqual([]);
    expect(find('POST /api/auth').security).toEqual([]);
    expect(find('POST /api/invites/accept').security).toEqual([]);
    expect(find('GET /api/users').security).toEqual([{ bearer: [] }, { apiToken: [] }]);
    // Public with a link token, or the staff's read with a session.
    expect(find('GET /api/invites/{id}').security).toEqual([{}, { bearer: [] }, { apiToken: [] }]);
    expect(response(find('GET /api/invites/{id}'), 403)).toBeDefined();
    for (const { key, operation } of operations)
      expect(Array.isArray(operation.security), key).toBe(true);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiToken', 'bearer']);
  });

  it('has the security the server enforces: a call behind the session answers 401 without one', async () => {
    const checked = operations.filter(
      ({ path, method }) =>
        path.startsWith('/api/') && !path.startsWith('/api/me/uploads') && method !== 'head',
    );
    for (const { key, method, path, operation } of checked) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await ctx.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        ...(operation.requestBody ? { payload: {} } : {}),
      });
      if (isSecured(operation)) expect(res.statusCode, key).toBe(401);
      else if (!operation.responses['401']) expect(res.statusCode, key).not.toBe(401);
    }
  });

  it('documents the tus upload calls, their 413 and headers', () => {
    const create = find('POST /api/me/uploads');
    expect(response(create, 413)).toBeDefined();
    expect(Object.keys(response(create, 201)!.headers)).toEqual(
      expect.arrayContaining(['Location', 'Tus-Resumable']),
    );
    expect(find('PATCH /api/me/uploads/{id}').responses['409']).toBeDefined();
    expect(find('OPTIONS /api/me/uploads').security).toEqual([]);
    expect(response(find('POST /api/files/upload'), 413)).toBeDefined();
  });

  it('answers the success status each call really sends', () => {
    expect(Object.keys(find('GET /api/auth/sso/start').responses)).toContain('302');
    expect(find('GET /api/auth/sso/start').responses['200']).toBeUndefined();
  });

  it('gives every operation a unique camelCase operationId and a declared tag', () => {
    const ids = operations.map((o) => o.operation.operationId as string);
    for (const [index, id] of ids.entries())
      expect(id, operations[index]!.key).toMatch(/^[a-z][a-zA-Z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(find('GET /api/assignments/answers').operationId).toBe('listAnswers');
    expect(find('GET /api/assignments/answers/{id}').operationId).toBe('getAnswer');
    expect(find('POST /api/assignments/interviews/answers/review/{id}').operationId).toBe(
      'submitReview',
    );
    expect(find('PUT /api/users/{id}/activate').operationId).toBe('activateUser');
    const tags = new Set((doc.tags as Json[]).map((t) => t.name as string));
    for (const { key, operation } of operations) {
      expect(operation.tags?.length, key).toBeGreaterThan(0);
      for (const tag of operation.tags as string[])
        expect(tags.has(tag), `${key} ${tag}`).toBe(true);
    }
  });

  it('has no hint for a route that no longer exists', () => {
    expect(unusedHintKeys(doc as never)).toEqual([]);
  });
});
