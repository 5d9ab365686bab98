/**
 * The OpenAPI contract (docs/testing.md, 'The OpenAPI contract'): a client generated from
 * GET /api/docs/json must meet no status, header or body the document does not describe. The
 * security tests' world (every role of two organizations) answers through Stoplight Prism's
 * validating proxy (`prism-proxy.ts`), and any violation Prism reports fails the run:
 *
 * - every operation of the document, from its access-table row (the matrix's requests and who may
 *   call): once as a role that may, once as a role that may not (403, or 404 for the other
 *   organization's resource), once anonymously, once malformed (`malform`) as the role that may;
 * - calls the document cannot infer: a review with a stale If-Match (409 with data), a claim held
 *   by another reviewer (409), a sign-in past its per-email limit (429, Retry-After), an upload
 *   ticket over the size limit (413), a tus upload's creation, PATCH and HEAD, a file download with
 *   Range (206), and an API token's allowed and refused calls.
 *
 * What counts as a violation: every finding Prism reports on a response (Error or Warning:
 * an undocumented status is a Warning for 4xx/5xx), every finding on the request of a call meant
 * to be well-formed (an undocumented route, parameter or header the app accepts), and a header a
 * client acts on (`significantHeaders`) that the document's response does not list. The list is
 * written to /work/notes/prism-violations.txt (or PRISM_VIOLATIONS_FILE) on every run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
import type { LightMyRequestResponse } from 'fastify';
import { AssignmentStatus } from '@practica/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Actors,
  expectedCells,
  realActors,
  rows,
  runCell,
  type ActorName,
  type Row,
  type TargetName,
} from '../security/access-table.js';
import { buildWorld, type World } from '../security/world.js';
import {
  startPrismProxy,
  violationsOf,
  type PrismProxy,
  type PrismViolation,
} from './prism-proxy.js';

/** Why a call is made: what Prism's findings on its request mean depends on it. */
type Purpose = 'may' | 'may-not' | 'anonymous' | 'malformed' | 'hand-picked';

interface Finding {
  kind: string;
  status: number;
  operation: string;
  purpose: Purpose;
  message: string;
}

/** Headers a client acts on: each must be listed on the response that carries it. */
const significantHeaders = [
  'retry-after',
  'etag',
  'location',
  'content-range',
  'upload-offset',
  'tus-resumable',
];

const violationsFile = process.env.PRISM_VIOLATIONS_FILE ?? '/work/notes/prism-violations.txt';

interface OpenApiOperation {
  requestBody?: unknown;
  parameters?: { in: string; name: string; schema?: unknown }[];
  responses?: Record<string, { headers?: Record<string, unknown> }>;
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

let w: World;
let viaPrism: World;
let actors: Actors;
let proxy: PrismProxy;
let document: OpenApiDocument;
const findings: Finding[] = [];
let calls = 0;
/** Calls whose answer Prism's proxy could not carry (see `send`). */
let fallbacks = 0;
let appUrl: string;
/** Calls by 'purpose status', for the run's summary. */
const statuses = new Map<string, number>();
/** Set around each call: its operation ('METHOD /doc/path'), purpose and an optional rewrite. */
let current: { operation: string; purpose: Purpose; rewrite?: (r: Outgoing) => Outgoing } = {
  operation: '?',
  purpose: 'may',
};

interface Outgoing {
  url: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

/**
 * A regular expression of the calls a route or document operation covers: a parameter ('{id}',
 * ':id') is one segment, Fastify's wildcard '*' one or more ('GET /files/*' covers the document's
 * 'GET /files/{year}/{month}/{name}').
 */
function pathPattern(route: string): RegExp {
  const [method, p] = route.split(' ');
  const segments = p!
    .split('/')
    .map((seg) =>
      /^\{\w+\}$|^:\w+$/.test(seg)
        ? '[^/]+'
        : seg === '*'
          ? '.+'
          : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^${method} ${segments.join('/')}$`);
}

/**
 * The access-table row of the document's `operation`: the first of the same shape ('GET
 * /api/groups/:id' for 'GET /api/groups/{id}'), else the first whose wildcard covers it.
 */
function rowFor(operation: string): Row | undefined {
  const shape = (route: string) => route.replace(/\{\w+\}|:\w+/g, '{}');
  const sample = operation.replace(/\{\w+\}/g, 'p');
  return (
    rows.find((row) => shape(row.route) === shape(operation)) ??
    rows.find((row) => row.route.includes('*') && pathPattern(row.route).test(sample))
  );
}

/** The document's operation ('METHOD /path') that a call of `method urlPath` reaches. */
function operationFor(method: string, urlPath: string): string {
  const call = `${method} ${urlPath}`;
  return operations().find((op) => pathPattern(op).test(call)) ?? call;
}

function documented(operation: string): OpenApiOperation | undefined {
  const [method, p] = operation.split(' ');
  return document.paths[p!]?.[method!.toLowerCase()];
}

/** Sends one call through Prism and records what it finds; answers an inject-like response. */
async function send(
  method: string,
  url: string,
  token: string | null | undefined,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  let out: Outgoing = {
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body:
      payload === undefined
        ? undefined
        : typeof payload === 'string' || Buffer.isBuffer(payload)
          ? payload
          : JSON.stringify(payload),
  };
  if (
    out.body !== undefined &&
    typeof out.body === 'string' &&
    !hasHeader(out.headers, 'content-type')
  )
    out.headers['content-type'] = 'application/json';
  if (current.rewrite) out = current.rewrite(out);
  const init = {
    method,
    headers: out.headers,
    ...(out.body !== undefined
      ? { body: typeof out.body === 'string' ? out.body : new Uint8Array(out.body) }
      : {}),
    redirect: 'manual' as const,
  };
  let res = await fetch(proxy.url + out.url, init);
  let raw = Buffer.from(await res.arrayBuffer());
  let violations = violationsOf(res.headers.get('sl-violations'));
  // Prism's own failure (the app never answers problem+json): its fetch followed a redirect, or it
  // could not read a HEAD answer. The call goes to the app directly and Prism's validator checks it.
  if ((res.headers.get('content-type') ?? '').startsWith('application/problem+json')) {
    fallbacks++;
    res = await fetch(appUrl + out.url, init);
    raw = Buffer.from(await res.arrayBuffer());
    violations = proxy.check(prismRequest(method, out), prismResponse(res, raw));
  }
  const responseHeaders: Record<string, string> = {};
  res.headers.forEach((value, name) => (responseHeaders[name] = value));
  calls++;
  const tally = `${current.purpose} ${res.status}`;
  statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
  record(res.status, violations, responseHeaders);
  const text = raw.toString('utf8');
  if (res.status >= 500)
    findings.push({
      kind: 'server-error',
      status: res.status,
      operation: current.operation,
      purpose: current.purpose,
      message: `${method} ${out.url}: ${text.slice(0, 300)}`,
    });
  return {
    statusCode: res.status,
    headers: responseHeaders,
    body: text,
    payload: text,
    rawPayload: raw,
    json: () => JSON.parse(text) as unknown,
  } as unknown as LightMyRequestResponse;
}

/** The call as Prism's router and validator see it. */
function prismRequest(method: string, out: Outgoing): IHttpRequest {
  const url = new URL(out.url, 'http://contract');
  const query: Record<string, string | string[]> = {};
  for (const key of url.searchParams.keys()) {
    const all = url.searchParams.getAll(key);
    query[key] = all.length === 1 ? all[0]! : all;
  }
  const headers = Object.fromEntries(
    Object.entries(out.headers).map(([k, v]) => [k.toLowerCase(), v]),
  );
  return {
    method: method.toLowerCase() as IHttpRequest['method'],
    url: { path: url.pathname, query },
    headers,
    body: out.body,
  };
}

/** The app's answer as Prism's validator sees it (a JSON body parsed). */
function prismResponse(res: Response, raw: Buffer): IHttpResponse {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name] = value));
  const text = raw.toString('utf8');
  let body: unknown = text === '' ? undefined : text;
  if (text !== '' && (headers['content-type'] ?? '').includes('json')) body = JSON.parse(text);
  return { statusCode: res.status, headers, body };
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((h) => h.toLowerCase() === name);
}

function record(status: number, violations: PrismViolation[], headers: Record<string, string>) {
  const { operation, purpose } = current;
  const add = (kind: string, message: string) =>
    findings.push({ kind, status, operation, purpose, message });
  for (const v of violations) {
    const [side, ...where] = v.location;
    const text = `${where.join('.') || '-'}: ${v.message}`;
    if (side === 'response') {
      add(
        v.message.startsWith('Unable to match the returned status code')
          ? 'undocumented-status'
          : `response-${v.severity.toLowerCase()}`,
        text,
      );
      continue;
    }
    if (v.message === 'Selected route not found') {
      add('undocumented-operation', text);
      continue;
    }
    // A malformed call's request is meant to be refused; an anonymous one lacks its credentials.
    if (purpose === 'malformed') continue;
    if (purpose === 'anonymous' && String(v.code) === '401') continue;
    add(`request-${v.severity.toLowerCase()}`, text);
  }
  const responses = documented(operation)?.responses;
  const response = responses?.[String(status)];
  if (!response) return; // an undocumented status is Prism's finding
  for (const name of significantHeaders) {
    if (!(name in headers)) continue;
    const listed = Object.keys(response.headers ?? {}).some((h) => h.toLowerCase() === name);
    if (!listed) add('undocumented-header', `${name} is not listed on the ${status} response`);
  }
}

/** The findings grouped by kind, status and operation, one line each. */
function report(): string {
  const groups = new Map<string, Map<string, Set<string>>>();
  for (const f of findings) {
    const head = `${f.kind} ${f.status}`;
    if (!groups.has(head)) groups.set(head, new Map());
    const ops = groups.get(head)!;
    if (!ops.has(f.operation)) ops.set(f.operation, new Set());
    ops.get(f.operation)!.add(`[${f.purpose}] ${f.message}`);
  }
  const lines = [
    `OpenAPI contract test (server/test/contract/openapi-contract.test.ts), ${new Date().toISOString()}`,
    `${calls} calls (${fallbacks} checked beside the proxy), ${findings.length} violations in ${groups.size} groups (kind status)`,
    '',
  ];
  for (const head of [...groups.keys()].sort()) {
    const ops = groups.get(head)!;
    lines.push(`== ${head} (${[...ops.values()].reduce((n, s) => n + s.size, 0)})`);
    for (const op of [...ops.keys()].sort()) {
      lines.push(`  ${op}`);
      for (const m of ops.get(op)!) lines.push(`    ${m}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

beforeAll(async () => {
  w = await buildWorld();
  appUrl = await w.app.listen({ host: '127.0.0.1', port: 0 });
  document = w.app.swagger() as unknown as OpenApiDocument;
  proxy = await startPrismProxy(document, appUrl);
  viaPrism = { ...w, call: send };
  actors = await new Actors(viaPrism, 'a').init();
}, 240_000);

afterAll(async () => {
  const text =
    calls === 0 ? 'No calls were made: the test failed before them (see its output).\n' : report();
  try {
    mkdirSync(path.dirname(violationsFile), { recursive: true });
    writeFileSync(violationsFile, text);
  } catch {
    // the notes folder is a convenience; the assertion carries the list too
  }
  await proxy?.close();
  await w?.close();
});

/** The operations of the document as 'METHOD /path'. */
function operations(): string[] {
  return Object.entries(document.paths).flatMap(([p, ops]) =>
    Object.keys(ops)
      .filter((m) => m !== 'parameters')
      .map((m) => `${m.toUpperCase()} ${p}`),
  );
}

interface Cell {
  target: TargetName;
  actor: ActorName;
  want: number;
}
const isReal = (a: ActorName) => (realActors as readonly string[]).includes(a);

/** The cells of `row` to send: one that may, one that may not, one anonymous. */
function pick(row: Row): Partial<Record<'may' | 'may-not' | 'anonymous', Cell>> {
  const cells = [...expectedCells(row)];
  return {
    may: cells.find((c) => isReal(c.actor) && c.want >= 200 && c.want < 300),
    'may-not':
      cells.find((c) => isReal(c.actor) && c.want === 403) ??
      cells.find((c) => isReal(c.actor) && c.target === 'other' && c.want === 404),
    anonymous: cells.find((c) => c.actor === 'anonymous'),
  };
}

/**
 * The malformed variant of a call to `op`: a JSON body of the wrong type, else a path id that is no
 * number, else a numeric query parameter that is no number; undefined when `op` takes none of them.
 */
function malform(op: OpenApiOperation): ((r: Outgoing) => Outgoing) | undefined {
  if (op.requestBody)
    return (r) => ({
      ...r,
      headers: { ...r.headers, 'content-type': 'application/json' },
      body: '[1]',
    });
  if (op.parameters?.some((p) => p.in === 'path'))
    return (r) => {
      const [p, q] = r.url.split('?');
      const parts = p!.split('/');
      const i = parts.findLastIndex((s) => /^\d+$/.test(s));
      if (i < 0) return r;
      parts[i] = 'not-a-number';
      return { ...r, url: parts.join('/') + (q ? `?${q}` : '') };
    };
  const numeric = op.parameters?.find(
    (p) => p.in === 'query' && /"type":"(number|integer)"/.test(JSON.stringify(p.schema ?? {})),
  );
  if (numeric)
    return (r) => ({
      ...r,
      url: `${r.url}${r.url.includes('?') ? '&' : '?'}${numeric.name}=not-a-number`,
    });
  return undefined;
}

async function cell(
  row: Row,
  operation: string,
  purpose: Purpose,
  c: Cell,
  rewrite?: (r: Outgoing) => Outgoing,
) {
  current = { operation, purpose, ...(rewrite ? { rewrite } : {}) };
  try {
    await runCell(viaPrism, actors, row, c.target, c.actor, { unauthenticated: c.want === 401 });
  } finally {
    current = { operation: '?', purpose: 'may' };
  }
}

describe('OpenAPI contract through Prism', () => {
  it('every operation (may, may not, anonymous, malformed) and the hand-picked calls answer only what the document describes', async () => {
    const started = process.cpuUsage();
    const withoutRow: string[] = [];
    for (const operation of operations()) {
      const row = rowFor(operation);
      if (!row) {
        withoutRow.push(operation);
        continue;
      }
      const picked = pick(row);
      for (const purpose of ['may', 'may-not', 'anonymous'] as const) {
        const c = picked[purpose];
        if (c) await cell(row, operation, purpose, c);
      }
      const bad = malform(documented(operation)!);
      if (picked.may && bad) await cell(row, operation, 'malformed', picked.may, bad);
    }
    await handPicked();
    const cpu = process.cpuUsage(started);
    console.log(
      `contract: ${calls} calls (${fallbacks} checked beside the proxy), ${findings.length} violations, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU; ` +
        [...statuses]
          .sort()
          .map(([k, n]) => `${k}: ${n}`)
          .join(', '),
    );
    expect(withoutRow, 'operations of the document without an access-table row').toEqual([]);
    expect(findings.length, report()).toBe(0);
  }, 600_000);
});

/** Sends `fn`'s calls as `operation`, hand-picked. */
async function as<T>(operation: string, fn: () => Promise<T>): Promise<T> {
  current = { operation, purpose: 'hand-picked' };
  try {
    return await fn();
  } finally {
    current = { operation: '?', purpose: 'may' };
  }
}

/** The calls the document cannot infer (see the module note). */
async function handPicked(): Promise<void> {
  const a = w.orgs.a;
  const reviewBody = {
    answers: {
      ratings: [{ questionId: a.ratingsQuestionId, text: '4' }],
      feedback: [
        { questionId: a.feedbackQuestionIds[0], text: 'Contract review' },
        { questionId: a.feedbackQuestionIds[1], text: String(a.feedbackOptionIds[0]) },
      ],
    },
  };
  const reviewOp = 'POST /api/assignments/interviews/answers/review/{id}';
  const stale = await as(reviewOp, () =>
    send(
      'POST',
      `/api/assignments/interviews/answers/review/${a.answer2Id}`,
      a.token.instructor,
      reviewBody,
      {
        'if-match': '"999"',
      },
    ),
  );
  expect(stale.statusCode, 'a stale If-Match').toBe(409);

  const claimOp = 'POST /api/assignments/answers/{id}/claim';
  const claimUrl = `/api/assignments/answers/${a.answer2Id}/claim`;
  await as(claimOp, () => send('POST', claimUrl, a.token.manager, { takeOver: true }));
  const held = await as(claimOp, () => send('POST', claimUrl, a.token.instructor, {}));
  expect(held.statusCode, 'a claim held by another reviewer').toBe(409);
  await as('DELETE /api/assignments/answers/{id}/claim', () =>
    send('DELETE', claimUrl, a.token.manager, undefined),
  );

  // Failed sign-ins of one email until its limit (LOGIN_FAILURES_MAX, 10 by default) answers 429.
  let limited: LightMyRequestResponse | undefined;
  for (let i = 0; i < 12 && limited?.statusCode !== 429; i++)
    limited = await as('POST /api/auth', () =>
      send('POST', '/api/auth', null, { email: a.email.instructor2, password: 'wrong-password' }),
    );
  expect(limited!.statusCode, 'a sign-in past its limit').toBe(429);

  const oversized = await as('POST /api/files/upload', () =>
    send('POST', '/api/files/upload', a.token.manager, {
      name: 'contract.png',
      extension: 'png',
      fileTypeId: 1,
      size: 500 * 1024 * 1024,
    }),
  );
  expect(oversized.statusCode, 'an upload ticket over the limit').toBe(413);

  // A tus upload of an answer video: an Active assignment with the trainee, then create, PATCH, HEAD.
  const assignmentId = await w.fresh.assignment('a');
  await w.ok('PUT', `/api/assignments/${assignmentId}/add`, w.general.adminToken, {
    ids: [a.user.trainee],
  });
  await w.ok(
    'PUT',
    `/api/assignments/${assignmentId}/status?statusId=${AssignmentStatus.Active}`,
    w.general.adminToken,
  );
  const metadata = Object.entries({
    assignmentId,
    questionId: a.interviewQuestionId,
    filetype: 'video/webm;codecs=vp8,opus',
    filename: 'answer-q1.webm',
    duration: 0.7,
  })
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',');
  const created = await as('POST /api/me/uploads', () =>
    send('POST', '/api/me/uploads', a.token.trainee, undefined, {
      'tus-resumable': '1.0.0',
      'upload-length': '64',
      'upload-metadata': metadata,
    }),
  );
  const location = created.headers['location'] as string | undefined;
  if (location) {
    const uploadPath = new URL(location, 'http://x').pathname;
    await as('PATCH /api/me/uploads/{id}', () =>
      send('PATCH', uploadPath, a.token.trainee, 'a'.repeat(16), {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      }),
    );
    await as('HEAD /api/me/uploads/{id}', () =>
      send('HEAD', uploadPath, a.token.trainee, undefined, { 'tus-resumable': '1.0.0' }),
    );
  } else {
    findings.push({
      kind: 'setup',
      status: created.statusCode,
      operation: 'POST /api/me/uploads',
      purpose: 'hand-picked',
      message: `no Location on the tus creation: ${created.body.slice(0, 200)}`,
    });
  }

  const ranged = await as(operationFor('GET', new URL(a.imageUrl, 'http://x').pathname), () =>
    send(
      'GET',
      new URL(a.imageUrl, 'http://x').pathname + new URL(a.imageUrl, 'http://x').search,
      null,
      undefined,
      {
        range: 'bytes=0-9',
      },
    ),
  );
  expect(ranged.statusCode, 'a file download with Range').toBe(206);

  // An API token of A's with users:read: a call it may make and one it may not.
  const made = await w.ok<{ token: string }>(
    'POST',
    `/api/organizations/${a.organizationId}/api-tokens`,
    a.token.manager,
    { name: 'Contract', scopes: ['users:read'] },
  );
  await as('GET /api/users', () => send('GET', '/api/users', made.token, undefined));
  await as('POST /api/groups', () =>
    send('POST', '/api/groups', made.token, {
      name: 'Contract group',
      description: 'Refused: the token holds users:read only',
      organizationId: a.organizationId,
    }),
  );
}
