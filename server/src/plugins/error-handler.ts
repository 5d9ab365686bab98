/**
 * One error handler for the whole API (architecture.md 'Errors'): maps typed errors, schema validation
 * failures and Fastify's own errors to the envelope with the right status. A 500 carries a generic
 * message and the request id; the stack goes only to the log. Every refusal's message is a
 * sentence of the catalogue, never a validator's or the framework's own text: the
 * request validator parses with `humanIssueMessage`, and Fastify's client errors are worded here.
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
} from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { humanIssueMessage, messages, type ErrorBody, type ErrorDetail } from '@practica/contract';
import { AppError } from '../errors.js';
import { fail } from '../lib/envelope.js';
import { isDatabaseUnavailable } from './error-handler-database.js';

function send(
  reply: FastifyReply,
  status: number,
  body: ErrorBody,
  headers?: Record<string, string>,
  data?: unknown,
) {
  if (headers) reply.headers(headers);
  return reply.code(status).send(fail(body, data ?? null));
}

/**
 * The request validator of every route (`app.setValidatorCompiler`): parses with the route's zod
 * schema and `humanIssueMessage`, so an issue whose schema gives no message of its own reads
 * 'Please correct the highlighted fields.'; a failure is one Fastify validation item per issue.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: humanIssueMessage });
    if (result.success) return { value: result.data };
    const error: FastifySchemaValidationError[] = result.error.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: `/${issue.path.map(String).join('/')}`,
      schemaPath: `#/${issue.path.map(String).join('/')}/${issue.code}`,
      params: {},
      message: issue.message,
    }));
    return { error };
  };

function validationDetails(validation: FastifySchemaValidationError[]): ErrorDetail[] {
  return validation.map((v) => ({
    path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: v.message ?? messages.validationFailed,
  }));
}

/** Fastify's own client errors, worded for people (their own texts name parsers and headers). */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: messages.bodyNotJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.bodyEmpty,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.contentTypeUnsupported,
};

/**
 * The SQLSTATE of a database error (PostgreSQL or PGlite), possibly wrapped by Drizzle as the
 * `cause` of its query error; undefined for anything else.
 */
function databaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && severity !== undefined) {
      return code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Fastify's router errors (a malformed URL, a path parameter over its length limit): answered
 * with the envelope like every other error, or under `/scim/` as a SCIM error. Passed as
 * Fastify's `frameworkErrors` option.
 */
export function frameworkErrorHandler(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // SCIM clients read SCIM's own error format (RFC 7644 §3.12), also before a route is found.
  if (request.url.startsWith('/scim/')) {
    void reply
      .code(400)
      .type('application/scim+json; charset=utf-8')
      .send(
        JSON.stringify({
          schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
          status: '400',
          scimType: 'invalidSyntax',
          detail: messages.validationFailed,
        }),
      );
    return;
  }
  void send(reply, 400, { code: 'VALIDATION', message: messages.validationFailed });
}

/** Registers the error and not-found handlers on `app` (API routes only; the SPA fallback is separate). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const requestId = String(request.id);
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return send(
        reply,
        error.statusCode,
        {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
        error.headers,
        error.data,
      );
    }
    if (Array.isArray(error.validation) && error.validation.length > 0) {
      const details = validationDetails(error.validation);
      return send(reply, 400, {
        code: 'VALIDATION',
        message: details[0]?.message ?? messages.validationFailed,
        details,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return send(reply, 500, {
        code: 'INTERNAL',
        message: messages.somethingWentWrong,
        requestId,
      });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or unreachable: a short, retryable outage, not a bug.
      request.log.warn({ err: error }, 'database unavailable');
      return send(
        reply,
        503,
        { code: 'UNAVAILABLE', message: messages.serviceUnavailable, requestId },
        { 'retry-after': '1' },
      );
    }
    const sqlState = databaseErrorCode(error);
    if (sqlState?.startsWith('22')) {
      // A data exception (a number out of the column's range, a NUL in text ...): the input is bad.
      return send(reply, 400, { code: 'VALIDATION', message: messages.validationFailed });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, { code: 'RATE_LIMITED', message: messages.tooManyRequests });
    }
    if (status === 413) {
      return send(reply, 413, { code: 'TOO_LARGE', message: messages.payloadTooLarge });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, empty body ...
      return send(reply, 400, {
        code: 'VALIDATION',
        message: frameworkMessages[error.code] ?? messages.requestUnreadable,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { code: 'INTERNAL', message: messages.somethingWentWrong, requestId });
  });
}
