/**
 * The OpenAPI document of the API (`/api/docs`, its JSON at `/api/docs/json`; architecture.md
 * 'The OpenAPI document', docs/api.md), generated from what the server really does, never written
 * beside it:
 *
 * - each route's zod schemas (fastify-type-provider-zod's `jsonSchemaTransform`) give its
 *   parameters, body and success answer;
 * - the error classes of errors.ts give the error answers: every one is the envelope
 *   `{success: false, message, data, error: {code, message, details?, requestId?}}` whose `code`
 *   enum is the contract's `errorCodes`, with `Retry-After` on 429 and 503;
 * - which errors a route answers is inferred from the route: 400 on every call (a malformed URL
 *   or body), 401/403/429 on a call behind the session (a bad session, a policy or API-token
 *   scope refusal, failed API tokens counted per IP), 404 with path parameters, 413 with a body
 *   (the 1 MB body limit), 429 with a `rateLimit` route option, 500 and 503 on every call (the
 *   database away, the server closing); what cannot be inferred (a service's 409, a file rule's
 *   413, an ETag) comes from openapi-hints.ts;
 * - security: a call behind the session takes the bearer session (a JWT) or an API token
 *   (`Authorization: Bearer pra_…`, decisions.md#api-tokens); a public call has `security: []`;
 * - `operationId` is derived from method and path (`listUsers`, `getUser`, `activateUser` …),
 *   unless the hints name one;
 * - the tus upload endpoint (`/api/me/uploads`), served by @tus/server outside Fastify's schemas,
 *   is the one part written by hand (`tusPaths`).
 *
 * Only the document changes: no route, status or answer depends on this file.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerVideoUploadPath,
  errorBodySchema,
  errorCodes,
  videoMaxBytes,
  type ErrorCode,
} from '@practica/contract';
import {
  type AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  TooLargeError,
  UnauthorizedError,
  UnavailableError,
  ValidationError,
} from '../errors.js';
import { operationHints, type HeaderHint, type OperationHint } from './openapi-hints.js';

/** The body limit of every JSON call (Fastify's `bodyLimit` in app.ts), in bytes. */
export const apiBodyLimitBytes = 1_048_576;

type Json = Record<string, unknown>;

/** One error status of the document: its code and whether it carries Retry-After. */
interface ErrorStatus {
  code: ErrorCode;
  retryAfter: boolean;
  description: string;
}

/** The error answers, read from the error classes (errors.ts) and the 500 of the error handler. */
const errorStatuses: Map<number, ErrorStatus> = (() => {
  const samples: AppError[] = [
    new ValidationError(''),
    new UnauthorizedError(),
    new ForbiddenError(),
    new NotFoundError(),
    new ConflictError(''),
    new TooLargeError(''),
    new RateLimitedError('', 1),
    new UnavailableError('', 1),
  ];
  const words: Record<ErrorCode, string> = {
    VALIDATION: 'Bad input or a broken rule; details name the fields.',
    UNAUTHORIZED: 'No session, a bad one, or one that no longer stands.',
    FORBIDDEN: 'The caller’s role (or the API token’s scopes) may not do this.',
    NOT_FOUND: 'Missing, or in another organization (the two are indistinguishable).',
    CONFLICT: 'A duplicate, a limit, or a change made meanwhile.',
    TOO_LARGE: `The body is over ${apiBodyLimitBytes} bytes (1 MB), or a file over its limit.`,
    RATE_LIMITED: 'Too many requests: wait Retry-After seconds.',
    UNAVAILABLE:
      'Something the request needs is down for a while (database, file store) or the server is closing: send it again after Retry-After seconds.',
    INTERNAL: 'A failure of the server’s own; error.requestId names it in the log.',
  };
  const statuses = new Map<number, ErrorStatus>();
  for (const error of samples) {
    statuses.set(error.statusCode, {
      code: error.code,
      retryAfter: error.headers?.['retry-after'] !== undefined,
      description: words[error.code],
    });
  }
  statuses.set(500, { code: 'INTERNAL', retryAfter: false, description: words.INTERNAL });
  return statuses;
})();

const retryAfterHeader = {
  description: 'Seconds to wait before sending the request again.',
  schema: { type: 'integer', minimum: 1 },
};

/** The envelope of a refusal whose `data` is `data` (null unless the error carries some). */
const errorEnvelopeSchema = (data: z.ZodType) =>
  z.object({ success: z.literal(false), message: z.string(), data, error: errorBodySchema });

const responseName = (status: number) => `Error${status}`;
const ref = (status: number) => ({ $ref: `#/components/responses/${responseName(status)}` });

/** The components shared by every operation: the envelope, one response per error status, the schemes. */
function sharedComponents(): Json {
  const responses: Json = {};
  for (const [status, { code, retryAfter, description }] of errorStatuses) {
    responses[responseName(status)] = {
      description: `${code}: ${description}`,
      ...(retryAfter ? { headers: { 'Retry-After': retryAfterHeader } } : {}),
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
      },
    };
  }
  return {
    schemas: {
      ErrorEnvelope: {
        type: 'object',
        description:
          'Every refusal: success false, message the human sentence (also error.message), data null unless the status says otherwise.',
        required: ['success', 'message', 'data', 'error'],
        properties: {
          success: { type: 'boolean', enum: [false] },
          message: { type: 'string' },
          data: {
            description:
              'null, unless the status says what it carries (a 409’s current state, decisions.md#review-loop §4).',
          },
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              code: { type: 'string', enum: [...errorCodes] },
              message: { type: 'string' },
              details: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['path', 'message'],
                  properties: { path: { type: 'string' }, message: { type: 'string' } },
                },
              },
              requestId: { type: 'string' },
            },
          },
        },
      },
    },
    responses,
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'The session token POST /api/auth answers (data.token).',
      },
      apiToken: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'pra_…',
        description:
          'An organization’s API token (decisions.md#api-tokens): acts as a Manager of the organization within its scopes.',
      },
    },
  };
}

const secured = [{ bearer: [] }, { apiToken: [] }];

const fromKebab = (text: string) =>
  text
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('ss') || !word.endsWith('s')
      ? word
      : word.slice(0, -1);

/** Path segments that name what a call does (PUT /users/{id}/activate), not a resource. */
const actionSegments = new Set([
  'activate',
  'deactivate',
  'enable-creator',
  'disable-creator',
  'restore',
  'add',
  'remove',
  'upload',
  'complete',
  'test',
  'batch',
]);

/**
 * The derived operationId of `method url` (`/api/users/:id` → `getUser`): a verb from the method
 * (GET of a collection `list`, of one row `get`; POST `create`; PUT and PATCH `update`; DELETE
 * `delete`), or the path's last segment when it names an action, then the resources of the path,
 * each singular when an id follows it. `me` reads `My`.
 */
function derivedOperationId(method: string, url: string): string {
  const segments = url.replace(/^\/api\//, '').split('/');
  const last = segments.at(-1)!;
  const action = actionSegments.has(last) ? last : undefined;
  const nouns: string[] = [];
  const resources = action ? segments.slice(0, -1) : segments;
  resources.forEach((segment, index) => {
    if (segment.startsWith(':')) return;
    if (segment === 'me') return nouns.push('My');
    const one = resources[index + 1]?.startsWith(':') ?? false;
    const single = one || (index === resources.length - 1 && method === 'POST');
    nouns.push(fromKebab(single ? singular(segment) : segment));
  });
  let verb: string;
  if (action) verb = fromKebab(action).replace(/^./, (c) => c.toLowerCase());
  else if (method === 'GET') verb = last.startsWith(':') ? 'get' : 'list';
  else if (method === 'POST') verb = 'create';
  else if (method === 'DELETE') verb = 'delete';
  else verb = 'update';
  return verb + nouns.join('');
}

const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * The keys of openapi-hints.ts that name no operation of `document` (a moved route's stale
 * hints); the OpenAPI test expects none.
 */
export function unusedHintKeys(document: { paths: Record<string, Record<string, unknown>> }) {
  return Object.keys(operationHints).filter((key) => {
    const [method, url] = key.split(' ') as [string, string];
    const path = url.replace(/:(\w+)/g, '{$1}');
    return !document.paths[path]?.[method.toLowerCase()];
  });
}

interface Inferred {
  errors: number[];
  /** The body schema accepts no body: requestBody is not required. */
  bodyOptional: boolean;
  hint: OperationHint;
  operationId: string;
}

const isIdName = (name: string) => /^(id|\w+Ids?)$/.test(name);

/** The properties of a zod object schema (through optional / nullable / pipes), else none. */
function shapeOf(schema: unknown): Record<string, unknown> {
  let current = schema as { shape?: unknown; unwrap?: () => unknown; in?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.shape && typeof current.shape === 'object')
      return current.shape as Record<string, unknown>;
    if (typeof current.unwrap === 'function') current = current.unwrap() as typeof current;
    else if (current.in) current = current.in as typeof current;
    else return {};
  }
  return {};
}

/** Whether the zod body `schema` accepts no body at all (an empty body is read as none, app.ts). */
function bodyOptional(schema: unknown): boolean {
  const parse = (schema as { safeParse?: (value: unknown) => { success: boolean } })?.safeParse;
  return typeof parse === 'function' && parse.call(schema, undefined).success;
}

/** The error statuses of `route` (see the module note), sorted. */
function inferErrors(route: RouteOptions, schema: Json, hint: OperationHint): number[] {
  const statuses = new Set<number>([400, 500, 503]);
  const isSecured = Array.isArray(schema.security) && schema.security.length > 0;
  if (isSecured || hint.optionalSession) [401, 403, 429].forEach((s) => statuses.add(s));
  if (schema.params || /\/:/.test(route.url)) statuses.add(404);
  if (schema.body) statuses.add(413);
  // A query or body naming a row by id (`assignmentId`, `userIds` …) is a 404 when it is missing.
  if ([schema.querystring, schema.body].some((part) => Object.keys(shapeOf(part)).some(isIdName)))
    statuses.add(404);
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (config?.rateLimit) statuses.add(429);
  hint.errors?.forEach((s) => statuses.add(s));
  return [...statuses].sort();
}

/**
 * The swagger `transform`: `jsonSchemaTransform` of the route's zod schemas, with the operation's
 * id, security and the marks `transformObject` turns into error responses and headers.
 */
function transform(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const { schema, url } = input;
  const route = input.route as RouteOptions;
  if (!schema || (schema as Json).hide) return jsonSchemaTransform(input);
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  const key = routeKey(method, url);
  const hint = operationHints[key] ?? {};
  const source = schema as Json;
  let response = source.response as Json | undefined;
  if (hint.errors?.includes(409) && hint.conflictData)
    response = { ...response, 409: errorEnvelopeSchema(hint.conflictData) };
  const inferred: Inferred = {
    errors: inferErrors(route, source, hint),
    bodyOptional: source.body !== undefined && bodyOptional(source.body),
    hint,
    operationId: hint.operationId ?? derivedOperationId(method, url),
  };
  const result = jsonSchemaTransform({ ...input, schema: { ...source, response } });
  const out = result.schema as Json;
  return {
    ...result,
    schema: {
      ...out,
      operationId: inferred.operationId,
      security: (source.security ?? []) as Record<string, string[]>[],
      'x-practica-inferred': inferred,
    },
  };
}

/** `if-match` → `If-Match`. */
const headerName = (name: string) => name.replace(/(^|-)(\w)/g, (m) => m.toUpperCase());

const headerObjects = (headers: Record<string, HeaderHint>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, { description, integer }]) => [
      headerName(name),
      { description, schema: { type: integer ? 'integer' : 'string' } },
    ]),
  );

/** Turns an operation's marks into its responses, request headers and tags. */
function finishOperation(operation: Json): void {
  const inferred = operation['x-practica-inferred'] as Inferred | undefined;
  if (!inferred) return;
  delete operation['x-practica-inferred'];
  const { hint } = inferred;
  const responses = (operation.responses ?? {}) as Json;
  if (hint.success) {
    delete responses['200'];
    responses[String(hint.success.status)] = {
      description: hint.success.description,
      ...(hint.success.headers ? { headers: headerObjects(hint.success.headers) } : {}),
    };
  }
  const ok = responses['200'] as Json | undefined;
  if (ok) {
    if (ok.description === 'Default Response')
      ok.description = ok.content ? 'OK: the envelope with data.' : 'OK.';
    if (hint.headers) ok.headers = { ...(ok.headers as Json), ...headerObjects(hint.headers) };
  }
  for (const status of inferred.errors) {
    const existing = responses[String(status)] as Json | undefined;
    if (!existing) {
      responses[String(status)] =
        status === 409 && hint.conflict
          ? { ...(ref(409) as Json), description: hint.conflict }
          : status === 413 && hint.tooLarge
            ? { ...(ref(413) as Json), description: `TOO_LARGE: ${hint.tooLarge}` }
            : ref(status);
      continue;
    }
    const known = errorStatuses.get(status);
    existing.description = (status === 409 && hint.conflict) || known?.description;
    if (known?.retryAfter) existing.headers = { 'Retry-After': retryAfterHeader };
  }
  // A $ref response may not carry siblings in OpenAPI 3.0: a described one is written out.
  for (const [status, response] of Object.entries(responses)) {
    const value = response as Json;
    if (value.$ref && value.description) {
      const code = errorStatuses.get(Number(status))!;
      responses[status] = {
        description: value.description,
        ...(code.retryAfter ? { headers: { 'Retry-After': retryAfterHeader } } : {}),
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
        },
      };
    }
  }
  operation.responses = responses;
  if (inferred.bodyOptional && operation.requestBody)
    (operation.requestBody as Json).required = false;
  if (hint.requestHeaders) {
    const parameters = (operation.parameters ?? []) as Json[];
    for (const [name, { description, required }] of Object.entries(hint.requestHeaders)) {
      parameters.push({
        in: 'header',
        name: headerName(name),
        description,
        required: required ?? false,
        schema: { type: 'string' },
      });
    }
    operation.parameters = parameters;
  }
  if (Array.isArray(operation.security) && operation.security.length > 0)
    operation.security = secured;
  else if (hint.optionalSession) operation.security = [{}, ...secured];
}

const tusHeader = (description: string, integer = false) => ({
  description,
  schema: { type: integer ? 'integer' : 'string' },
});

/**
 * The tus 1.0.0 calls of `/api/me/uploads` (me/uploads-routes.ts), which @tus/server serves
 * outside Fastify's schemas: the one part of the document written by hand.
 */
function tusPaths(): Json {
  const resumable = { 'Tus-Resumable': tusHeader('The protocol version, 1.0.0.') };
  const header = (name: string, description: string, required = true, integer = false) => ({
    in: 'header',
    name,
    required,
    description,
    schema: { type: integer ? 'integer' : 'string' },
  });
  const tusVersion = header('Tus-Resumable', 'The protocol version the client speaks: 1.0.0.');
  const finished = {
    description:
      'The upload is complete: the video is stored and saved as my answer item; the envelope with data {fileId, url}.',
    content: { 'application/json': { schema: { type: 'object' } } },
  };
  // tus answers its refusals with Tus-Resumable too: each is the envelope with that header.
  const errors = (...statuses: number[]) =>
    Object.fromEntries(
      statuses.map((status) => {
        const { code, description, retryAfter } = errorStatuses.get(status)!;
        return [
          String(status),
          {
            description: `${code}: ${description}`,
            headers: { ...resumable, ...(retryAfter ? { 'Retry-After': retryAfterHeader } : {}) },
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
            },
          },
        ];
      }),
    );
  const idParam = {
    in: 'path',
    name: 'id',
    required: true,
    description: 'The upload id (the last segment of the creation’s Location).',
    schema: { type: 'string' },
  };
  const tags = ['mobile'];
  return {
    [answerVideoUploadPath]: {
      options: {
        operationId: 'getUploadCapabilities',
        tags,
        summary: 'The tus protocol’s version, extensions and maximum size; no session needed.',
        security: [],
        responses: {
          '204': {
            description: 'The server’s tus capabilities.',
            headers: {
              ...resumable,
              'Tus-Version': tusHeader('The versions served: 1.0.0.'),
              'Tus-Extension': tusHeader('The extensions served (creation, termination …).'),
              'Tus-Max-Size': tusHeader(`The largest upload, in bytes (${videoMaxBytes}).`, true),
            },
          },
          ...errors(400, 500, 503),
        },
      },
      post: {
        operationId: 'createAnswerVideoUpload',
        tags,
        summary:
          'Create a resumable answer-video upload (tus creation; a trainee’s session). Upload-Metadata carries assignmentId, questionId, filetype, filename and duration, base64 encoded.',
        security: secured,
        parameters: [
          tusVersion,
          header(
            'Upload-Length',
            `The video’s size in bytes (at most ${videoMaxBytes}).`,
            true,
            true,
          ),
          header('Upload-Metadata', 'tus metadata: key base64(value) pairs, comma separated.'),
        ],
        responses: {
          '201': {
            description:
              'Created: PATCH the bytes to Location (a creation carrying the whole video answers the envelope, as a finishing PATCH does).',
            headers: {
              ...resumable,
              Location: tusHeader('The upload’s URL, /api/me/uploads/{id}.'),
              'Upload-Offset': tusHeader('Bytes received so far.', true),
            },
          },
          ...errors(400, 401, 403, 413, 429, 500, 503),
        },
      },
    },
    [`${answerVideoUploadPath}/{id}`]: {
      parameters: [idParam],
      head: {
        operationId: 'getAnswerVideoUploadOffset',
        tags,
        summary: 'Where to resume: the bytes received so far.',
        security: secured,
        parameters: [tusVersion],
        responses: {
          '200': {
            description: 'The upload’s offset and length.',
            headers: {
              ...resumable,
              'Upload-Offset': tusHeader('Bytes received so far.', true),
              'Upload-Length': tusHeader('The declared size in bytes.', true),
              'Cache-Control': tusHeader('no-store'),
            },
          },
          // A HEAD answer has no body: its refusals are their statuses alone.
          ...Object.fromEntries(
            [400, 401, 403, 404, 429, 500, 503].map((status) => {
              const { code, description, retryAfter } = errorStatuses.get(status)!;
              return [
                String(status),
                {
                  description: `${code}: ${description} (no body: HEAD)`,
                  headers: {
                    ...resumable,
                    ...(retryAfter ? { 'Retry-After': retryAfterHeader } : {}),
                  },
                },
              ];
            }),
          ),
        },
      },
      patch: {
        operationId: 'appendAnswerVideoUpload',
        tags,
        summary:
          'Append bytes from Upload-Offset (Content-Type application/offset+octet-stream). The call bringing the last byte stores the video.',
        security: secured,
        parameters: [tusVersion, header('Upload-Offset', 'Where these bytes start.', true, true)],
        requestBody: {
          required: true,
          content: {
            'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } },
          },
        },
        responses: {
          '200': finished,
          '204': {
            description: 'Bytes received; more to come.',
            headers: { ...resumable, 'Upload-Offset': tusHeader('Bytes received so far.', true) },
          },
          ...errors(400, 401, 403, 404, 409, 413, 429, 500, 503),
        },
      },
      delete: {
        operationId: 'cancelAnswerVideoUpload',
        tags,
        summary: 'Cancel the upload (tus termination); its bytes stay counted in the daily volume.',
        security: secured,
        parameters: [tusVersion],
        responses: {
          '204': { description: 'Cancelled.', headers: resumable },
          ...errors(400, 401, 403, 404, 429, 500, 503),
        },
      },
    },
  };
}

/**
 * The signed download GET /files/{yyyy}/{mm}/{name}?expires=&signature= (files/transfer-routes.ts), which
 * streams bytes with Range support outside the envelope: written by hand beside the tus calls.
 * Its signed PUT twin stays out: it is a URL POST /api/files/upload hands out (with S3 the
 * bucket's own), not a call a client composes.
 */
function signedFilePaths(): Json {
  const errors = (...statuses: number[]) =>
    Object.fromEntries(statuses.map((status) => [String(status), ref(status)]));
  const header = (description: string) => ({ description, schema: { type: 'string' } });
  const query = (name: string, description: string) => ({
    in: 'query',
    name,
    required: true,
    description,
    schema: { type: 'string' },
  });
  const request = (name: string, description: string) => ({
    in: 'header',
    name,
    required: false,
    description,
    schema: { type: 'string' },
  });
  const bytes = { '*/*': { schema: { type: 'string', format: 'binary' } } };
  const served = {
    'Content-Type': header('The file’s type.'),
    'Content-Disposition': header('Its file name.'),
    'Accept-Ranges': header('bytes'),
    ETag: header('The file’s version.'),
    'Last-Modified': header('When the upload completed.'),
    'Cache-Control': header('Private, as long as the URL lives.'),
  };
  return {
    '/files/{year}/{month}/{name}': {
      get: {
        operationId: 'downloadFile',
        tags: ['files'],
        summary:
          'A stored file through its signed URL (the url of a file reference). Supports Range; with S3 storage it redirects to the bucket.',
        security: [],
        parameters: [
          ...(
            [
              ['year', 'The key’s year, e.g. 2026.'],
              ['month', 'The key’s month, e.g. 11.'],
              ['name', 'The key’s random name and extension, e.g. ab12….png.'],
            ] as const
          ).map(([name, description]) => ({
            in: 'path',
            name,
            required: true,
            description: `${description} (the key yyyy/mm/name, as in the signed URL)`,
            schema: { type: 'string' },
          })),
          query('expires', 'The URL’s expiry, Unix seconds.'),
          query('signature', 'The URL’s signature.'),
          request('Range', 'One byte range, e.g. bytes=0-1023.'),
          request('If-None-Match', 'The ETag held: 304 when unchanged.'),
          request('If-Range', 'The ETag held: the range is served only when it still matches.'),
        ],
        responses: {
          '200': { description: 'The whole file.', headers: served, content: bytes },
          '206': {
            description: 'The requested range.',
            headers: { ...served, 'Content-Range': header('bytes start-end/size') },
            content: bytes,
          },
          '302': {
            description: 'S3 storage: a presigned URL of the bucket.',
            headers: { Location: header('The presigned URL.') },
          },
          '304': { description: 'Not modified (If-None-Match).' },
          ...errors(400, 403, 404),
          '416': {
            description: 'The range is outside the file (an empty body).',
            headers: { 'Content-Range': header('bytes */size') },
          },
          ...errors(500, 503),
        },
      },
    },
  };
}

/**
 * Two shapes the schema converter leaves that OpenAPI 3.0 reads badly, rewritten to ones that
 * accept the same values: a nullable union (`{nullable, anyOf}`: `nullable` counts only beside a
 * `type`) becomes a union of nullable members; a union of one member becomes that member.
 */
function tidySchemas(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(tidySchemas);
  const schema = node as Json;
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(union)) {
    delete schema.nullable;
    for (const member of union) member.nullable = true;
  }
  const single = schema.anyOf as Json[] | undefined;
  if (Array.isArray(single) && single.length === 1) {
    const member = single[0]!;
    if (Object.keys(member).every((key) => !(key in schema))) {
      delete schema.anyOf;
      Object.assign(schema, member);
    }
  }
  Object.values(schema).forEach(tidySchemas);
}

/**
 * Paths that differ only by their parameters' names (`/api/assets/{id}` and `/api/assets/{type}`)
 * are one path to OpenAPI: the later one's operations join the first, their parameter renamed.
 */
function mergeIdenticalPaths(paths: Record<string, Json>): void {
  const shapes = new Map<string, string>();
  for (const path of Object.keys(paths)) {
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    const first = shapes.get(shape);
    if (!first) {
      shapes.set(shape, path);
      continue;
    }
    const names = [...first.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const ours = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    for (const [method, operation] of Object.entries(paths[path]!)) {
      for (const parameter of ((operation as Json).parameters ?? []) as Json[]) {
        const at = parameter.in === 'path' ? ours.indexOf(parameter.name as string) : -1;
        if (at >= 0 && names[at] !== parameter.name) {
          parameter.description =
            `The ${String(parameter.name)}. ${String(parameter.description ?? '')}`.trim();
          parameter.name = names[at];
        }
      }
      paths[first]![method] = operation;
    }
    delete paths[path];
  }
}

/** What each tag (a module's calls) holds. */
const tagDescriptions: Record<string, string> = {
  system: 'The server’s public facts (version, app links).',
  session: 'Signing in and out, password reset, single sign-on.',
  users: 'Accounts, their state, email and password, and one’s own settings.',
  organizations:
    'Organizations, seats, members and their integrations (API tokens, webhooks, SSO).',
  invites: 'Invitations and their acceptance.',
  groups: 'Groups of an organization and their members.',
  files: 'Uploads of images, audio and video.',
  interviews: 'Interviews (content).',
  questionnaires: 'Rating scales and feedback forms (content).',
  questions: 'Questions of interviews and forms.',
  contents: 'Content status and sharing with organizations.',
  assets: 'Avatars and environments.',
  assignments: 'Assignments, their members, audit and dashboard.',
  answers: 'Trainees’ answers, reviews, claims, drafts and comments.',
  reviews: 'The review inbox.',
  insights: 'Reports: assignment insights, progress, reviewer consistency.',
  mobile: 'The practice app’s calls (a trainee’s session), the tus video upload included.',
};

/**
 * The swagger `transformObject`: the shared components, each operation's error responses and
 * headers, the tag list and the tus calls.
 */
function transformObject({ openapiObject }: { openapiObject: Json }): Json {
  const document = openapiObject as Json & { paths: Record<string, Json>; components?: Json };
  const shared = sharedComponents();
  const components = (document.components ?? {}) as Json;
  document.components = {
    ...components,
    schemas: { ...(components.schemas as Json), ...(shared.schemas as Json) },
    responses: shared.responses,
    securitySchemes: shared.securitySchemes,
  };
  const tags = new Set<string>();
  for (const path of Object.values(document.paths)) {
    for (const operation of Object.values(path)) {
      if (!operation || typeof operation !== 'object' || Array.isArray(operation)) continue;
      finishOperation(operation as Json);
      for (const tag of ((operation as Json).tags as string[] | undefined) ?? []) tags.add(tag);
    }
  }
  Object.assign(document.paths, tusPaths(), signedFilePaths());
  mergeIdenticalPaths(document.paths);
  // Only the error responses some operation refers to stay (a 409 always carries its own words).
  const text = JSON.stringify(document.paths);
  const responses = (document.components as Json).responses as Json;
  for (const name of Object.keys(responses))
    if (!text.includes(`"#/components/responses/${name}"`)) delete responses[name];
  tidySchemas(document.paths);
  document.tags = [...tags, 'mobile']
    .filter((tag, index, all) => all.indexOf(tag) === index)
    .map((name) => ({ name, description: tagDescriptions[name] ?? `The ${name} calls.` }));
  return document;
}

/**
 * Registers the document (`/api/docs/json`) and its viewer (`/api/docs`) for the routes
 * registered after it; `version` is the document's `info.version`.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Practica API',
        description:
          'The staff console and mobile app API. Every answer is the envelope {success, message, data, error}; every refusal carries error.code (docs/api.md).',
        version,
        license: { name: 'Proprietary' },
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: sharedComponents().securitySchemes as never },
    },
    transform,
    transformObject: transformObject as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
