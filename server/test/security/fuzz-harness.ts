/**
 * The harness of the route property test (decisions.md#reliability-and-security 'Bad input'): turns a registered route and
 * its request schemas into an arbitrary of whole requests (valid, mutated, hostile), sends one
 * through `app.inject` with a time limit, checks the answer (no 5xx, the envelope, the status and
 * its error code agree) and fingerprints the database so a refused call can be shown to write
 * nothing.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeSchema } from '@practica/contract';
import type { Db } from '../../src/db/client.js';
import {
  hostileText,
  hostileValue,
  mutatedArb,
  oneMegabyte,
  validArb,
  type IdSpace,
  type JsonSchema,
} from './fuzz-values.js';

/** A route as the fuzzer sees it: method, URL pattern and the JSON Schema of each request part. */
export interface FuzzRoute {
  method: string;
  url: string;
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  /** The route's own body limit in bytes, when it sets one. */
  bodyLimit?: number;
}

/** One request to send: path parameters, query, and a JSON body or raw bytes. */
export interface FuzzCase {
  kind: 'valid' | 'mutated' | 'hostile';
  params: unknown;
  query: unknown;
  body?: unknown;
  raw?: string;
  contentType?: string;
}

function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema instanceof z.ZodType) {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  }
  return schema as JsonSchema;
}

/** The routes collected by an `onRoute` hook, one per method, with their request schemas. */
export function fuzzRoutesOf(collected: RouteOptions[]): FuzzRoute[] {
  const out: FuzzRoute[] = [];
  for (const r of collected) {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    const schema = (r.schema ?? {}) as Record<string, unknown>;
    for (const method of methods) {
      out.push({
        method,
        url: r.url,
        body: toJsonSchema(schema['body']),
        querystring: toJsonSchema(schema['querystring']),
        params: toJsonSchema(schema['params']),
        ...(r.bodyLimit !== undefined ? { bodyLimit: r.bodyLimit } : {}),
      });
    }
  }
  return out;
}

/** Body texts that are not JSON, or JSON that JavaScript numbers cannot hold. */
export const malformedBodies = [
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'NaN',
  '{"id":NaN}',
  '{"n":Infinity}',
  '{"n":-Infinity}',
  '{"n":1e999}',
  '{"n":123456789012345678901234567890}',
  'undefined',
  '\u0000',
  '"\\ud800"',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"a":"${'\\u0000'.repeat(1000)}"}`,
] as const;

/** Content types a JSON route does not take (or takes oddly). */
export const wrongContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/json, text/plain',
  '',
] as const;

const wildcardValues = [
  '2024/01/0123456789abcdef0123456789abcdef.png',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e/%2e%2e/etc/passwd',
  '%00',
  'a%00.png',
  'C:%5Cwindows%5Cwin.ini',
  '%2Fetc%2Fpasswd',
  `${'a'.repeat(4000)}.png`,
  'static/index.html',
  'index.html',
  '',
];

function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/** Arbitrary requests for `route`: valid, mutated and hostile in roughly equal parts. */
export function caseArb(route: FuzzRoute, ids: IdSpace): fc.Arbitrary<FuzzCase> {
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const names = paramNames(route.url);
  const wildcard = route.url.endsWith('*');
  const idArb = ids.pool.length > 0 ? fc.constantFrom(...ids.pool) : fc.nat();
  const defaultParams: fc.Arbitrary<unknown> = fc.record(
    Object.fromEntries([
      ...names.map((n) => [n, idArb] as const),
      ...(wildcard ? [['*', fc.constantFrom(...wildcardValues)] as const] : []),
    ]),
  );
  const vParams = route.params ? validArb(route.params, ids) : defaultParams;
  const vQuery = route.querystring ? validArb(route.querystring, ids) : fc.constant({});
  const vBody = route.body ? validArb(route.body, ids) : fc.constant(undefined);

  const valid = fc
    .record({ params: vParams, query: vQuery, body: vBody })
    .map((c): FuzzCase => ({ kind: 'valid', ...c }));

  const parts = ['params', 'query', ...(route.body ? ['body'] : [])] as const;
  const mutated = fc
    .record({
      params: vParams,
      query: vQuery,
      body: vBody,
      which: fc.constantFrom(...parts),
      mParams: mutatedArb(vParams),
      mQuery: mutatedArb(vQuery),
      mBody: mutatedArb(vBody),
    })
    .map((c): FuzzCase => ({
      kind: 'mutated',
      params: c.which === 'params' ? c.mParams : c.params,
      query: c.which === 'query' ? c.mQuery : c.query,
      body: c.which === 'body' ? c.mBody : c.body,
    }));

  const hostileParams = fc.record(
    Object.fromEntries([
      ...names.map((n) => [n, hostileText] as const),
      ...(wildcard
        ? [['*', fc.oneof(hostileText, fc.constantFrom(...wildcardValues))] as const]
        : []),
    ]),
  );
  const hostileQuery = fc.dictionary(
    fc.oneof(
      fc.constantFrom('page', 'pageSize', 'id', 'search', '__proto__', 'roles'),
      fc.string(),
    ),
    fc.oneof(hostileText, fc.array(hostileText, { maxLength: 3 })),
    { maxKeys: 4 },
  );
  const hostileChoices: fc.Arbitrary<FuzzCase>[] = [
    fc
      .record({ params: hostileParams, query: vQuery, body: vBody })
      .map((c): FuzzCase => ({ kind: 'hostile', ...c })),
    fc
      .record({ params: vParams, query: hostileQuery, body: vBody })
      .map((c): FuzzCase => ({ kind: 'hostile', ...c })),
  ];
  if (takesBody) {
    hostileChoices.push(
      fc
        .record({ params: vParams, query: vQuery, body: hostileValue })
        .map((c): FuzzCase => ({ kind: 'hostile', ...c })),
      fc
        .record({ params: vParams, query: vQuery, raw: fc.constantFrom(...malformedBodies) })
        .map((c): FuzzCase => ({ kind: 'hostile', ...c, contentType: 'application/json' })),
      fc
        .record({
          params: vParams,
          query: vQuery,
          body: vBody,
          contentType: fc.constantFrom(...wrongContentTypes),
        })
        .map((c): FuzzCase => ({
          kind: 'hostile',
          params: c.params,
          query: c.query,
          raw: JSON.stringify(c.body ?? {}),
          contentType: c.contentType,
        })),
    );
  }
  return fc.oneof(valid, mutated, fc.oneof(...hostileChoices));
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Percent-encodes text; lone surrogates (which encodeURIComponent refuses) become invalid UTF-8. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  if (typeof query !== 'object' || Array.isArray(query)) return encode(asText(query));
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) pairs.push(`${encode(key)}=${encode(asText(v))}`);
  }
  return pairs.join('&');
}

/** The URL of `c` on `route`: path parameters filled in (the wildcard unencoded) and the query. */
export function urlOf(route: FuzzRoute, c: FuzzCase): string {
  const params =
    c.params !== null && typeof c.params === 'object' && !Array.isArray(c.params)
      ? (c.params as Record<string, unknown>)
      : {};
  let path = route.url.replace(/:(\w+)/g, (_m, name: string) => encode(asText(params[name])));
  if (path.endsWith('*')) {
    const rest = asText(params['*']);
    path = path.slice(0, -1) + (/^[\x21-\x7e]*$/.test(rest) ? rest : encode(rest));
  }
  const query = queryString(c.query);
  return query ? `${path}?${query}` : path;
}

/** Sends `c` and answers the response, or throws when no answer came within `timeoutMs`. */
export async function send(
  app: FastifyInstance,
  route: FuzzRoute,
  c: FuzzCase,
  token: string | null,
  timeoutMs: number,
) {
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  let payload: string | undefined;
  if (c.raw !== undefined) payload = c.raw;
  else if (c.body !== undefined) payload = JSON.stringify(c.body);
  if (payload !== undefined) {
    const type = c.contentType ?? 'application/json';
    if (type) headers['content-type'] = type;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${timeoutMs} ms (a hang)`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([
      app.inject({
        method: route.method as 'GET',
        url: urlOf(route, c),
        headers,
        ...(payload !== undefined ? { payload } : {}),
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A request body just over the API's 1 MB limit. */
export const oversizedBody = JSON.stringify({ name: oneMegabyte });

/**
 * A body just over `route`'s limit: `oversizedBody` for the API's 1 MiB default, longer for a
 * route with a larger limit of its own (POST /invites/batch takes 2 MiB for 2,000 rows).
 */
export function oversizedBodyFor(route: FuzzRoute): string {
  if (route.bodyLimit === undefined || route.bodyLimit <= oneMegabyte.length) return oversizedBody;
  return JSON.stringify({ name: 'x'.repeat(route.bodyLimit) });
}

const codeOfStatus: Record<number, string> = {
  400: 'VALIDATION',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'TOO_LARGE',
  429: 'RATE_LIMITED',
};

const anyEnvelope = envelopeSchema(z.unknown()).strict();

/** True when the answer of `route` is JSON by contract (the API, and every error). */
function answersEnvelope(route: FuzzRoute, status: number): boolean {
  if (status >= 400) return true;
  if (status === 204 || status === 304) return false;
  return route.url.startsWith('/api/') && !protocolDocument.test(route.url);
}

/**
 * Routes whose success is a protocol's own document, not the envelope: the OpenAPI document and
 * UI, and a SAML service provider's metadata XML (decisions.md#single-sign-on §6).
 */
const protocolDocument = /^\/api\/(?:docs(?:\/|$)|auth\/sso\/saml\/:id\/metadata$)/;

/**
 * A validator's or the framework's own text instead of a sentence of the catalogue (decisions.md#hardening §12):
 * zod's defaults ('Invalid input: expected number, received NaN', 'Too small: expected …',
 * 'Invalid option: …', 'Unrecognized key: …'), Ajv's ('body/name must be string'), Fastify's
 * ('Unsupported Media Type: …', 'Body cannot be empty when …') and JSON.parse's.
 */
export const validatorText = new RegExp(
  [
    '^Invalid input(?::|$)',
    '^Invalid option: expected',
    '^Invalid (?:string|number): must',
    '^Invalid (?:email address|URL|UUID|ISO (?:datetime|date|time|duration)|key in |value in |discriminator value)',
    '^Too (?:big|small): expected',
    '^Unrecognized keys?:',
    'expected [a-z]+, received',
    '^(?:body|querystring|params|headers)[/. ]',
    '^Unsupported Media Type',
    '^Body cannot be empty',
    '^Unexpected ',
    'in JSON at position|JSON input|^Body is not valid JSON|" is not valid JSON',
    'forbidden prototype property',
    'Content-Length',
    'FST_',
  ].join('|'),
);

/**
 * What is wrong with an answer of the SCIM protocol (RFC 7644 §3.12), or null: SCIM answers in its
 * own format, not the envelope; an error is `application/scim+json` with the Error schema and its
 * status as a string.
 */
function scimProblemOf(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}) {
  const status = res.statusCode;
  if (status < 400) return null;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/scim+json')) return `SCIM ${status} with content-type ${type}`;
  let json: { schemas?: unknown; status?: unknown };
  try {
    json = JSON.parse(res.body) as typeof json;
  } catch {
    return `SCIM ${status}: the body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const error = 'urn:ietf:params:scim:api:messages:2.0:Error';
  if (
    !Array.isArray(json.schemas) ||
    !json.schemas.includes(error) ||
    json.status !== String(status)
  )
    return `SCIM ${status}: not a SCIM error: ${res.body.slice(0, 300)}`;
  return null;
}

/**
 * What is wrong with an answer, or null: a 5xx; a redirect without a Location; an answer that is not the envelope
 * `{success, message, data, error}`; an error without `success: false`, `data: null` and the
 * error code of its status; an error whose message (or a detail's) is a validator's own text
 * rather than a human sentence (`validatorText`); a success with an error.
 */
export function problemOf(
  route: FuzzRoute,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
): string | null {
  const status = res.statusCode;
  if (status >= 500) return `status ${status}: ${res.body.slice(0, 300)}`;
  // A redirect (single sign-on's browser steps) answers where to go, not an envelope.
  if (status >= 300 && status < 400 && status !== 304)
    return res.headers['location'] ? null : `status ${status} without a Location`;
  if (route.url.startsWith('/scim/')) return scimProblemOf(res);
  if (route.method === 'HEAD' || !answersEnvelope(route, status)) return null;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `status ${status} with content-type ${type}`;
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    return `status ${status}: the body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const parsed = anyEnvelope.safeParse(json);
  if (!parsed.success) return `status ${status}: not the envelope: ${res.body.slice(0, 300)}`;
  const env = parsed.data;
  if (status >= 400) {
    if (env.success !== false || env.data !== null || !env.error) {
      return `status ${status}: an error answer must have success false, data null and an error`;
    }
    const expected = codeOfStatus[status];
    if (expected && env.error.code !== expected) {
      return `status ${status} with error code ${env.error.code}`;
    }
    if (env.message !== env.error.message)
      return `status ${status}: message differs from error.message`;
    const details = (env.error as { details?: { message?: unknown }[] }).details ?? [];
    const raw = [env.message, ...details.map((d) => String(d.message))].find((m) =>
      validatorText.test(m),
    );
    if (raw !== undefined) return `status ${status}: a validator's text, not a sentence: ${raw}`;
  } else if (env.success !== true || env.error !== null) {
    return `status ${status}: a success answer must have success true and error null`;
  }
  return null;
}

/**
 * Answers a function that fingerprints every table of the public schema in one query: its row
 * count and the sum of its rows' `xmin` (the id of the transaction that wrote each row version),
 * so any insert, update or delete since the last fingerprint changes it.
 */
export async function fingerprinter(db: Db): Promise<() => Promise<string>> {
  const tables = (
    (await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: { name: string }[] }
  ).rows.map((r) => r.name);
  const query = tables
    .map(
      (t) =>
        `select '${t}' as t, count(*)::text || ':' || coalesce(sum((xmin::text)::bigint), 0)::text as f from "${t}"`,
    )
    .join(' union all ');
  return async () => {
    const result = (await db.execute(sql.raw(query))) as unknown as {
      rows: { t: string; f: string }[];
    };
    return result.rows.map((r) => `${r.t}=${r.f}`).join(' ');
  };
}

/**
 * The writes a refused request makes on purpose:
 * - a failed sign-in counts in `attempt_hits`, so that the limit on the address can refuse later
 *   ones (decisions.md#sessions-and-tokens);
 * - a rate-limited route counts every request of its client in `rate_limit_counters`, refused or
 *   not, before anything reads the body (the counters every copy of the server shares,
 *   operations.md 'Several copies behind a load balancer').
 */
export function refusalMayWrite(method: string, url: string, tables: readonly string[]): boolean {
  const signIn = method === 'POST' && url === '/api/auth';
  return tables.every((t) => t === 'rate_limit_counters' || (signIn && t === 'attempt_hits'));
}

/** The tables whose fingerprints differ between `before` and `after`. */
export function changedTables(before: string, after: string): string[] {
  const a = new Map(before.split(' ').map((p) => p.split('=') as [string, string]));
  return after
    .split(' ')
    .map((p) => p.split('=') as [string, string])
    .filter(([t, f]) => a.get(t) !== f)
    .map(([t]) => t);
}
