/**
 * Typed errors that the error handler maps to statuses and the envelope (architecture.md 'Errors',
 * decisions.md#api). Services throw these; never match on message text. The default texts are the
 * contract's `messages`.
 */
import { messages, type ErrorCode, type ErrorDetail } from '@practica/contract';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
    /** What the envelope's `data` carries with the error (e.g. a 409's current state); else null. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: bad input or a broken business rule. */
export class ValidationError extends AppError {
  constructor(message: string, details?: ErrorDetail[]) {
    super(400, 'VALIDATION', message, details);
  }
}

/** 401: no token, a bad one, or one that no longer stands. */
export class UnauthorizedError extends AppError {
  constructor(message: string = messages.sessionExpired) {
    super(401, 'UNAUTHORIZED', message);
  }
}

/** 403: the role may not do this. */
export class ForbiddenError extends AppError {
  constructor(message: string = messages.forbidden) {
    super(403, 'FORBIDDEN', message);
  }
}

/** 404: missing, or in another organization (the two are indistinguishable). */
export class NotFoundError extends AppError {
  constructor(message: string = messages.notFound) {
    super(404, 'NOT_FOUND', message);
  }
}

/**
 * 409: a duplicate or a limit (seats), or a change made meanwhile (a review claim another holds, a
 * stale If-Match); `data`, when given, is the envelope's `data` (what the caller conflicts with).
 */
export class ConflictError extends AppError {
  constructor(message: string, data?: unknown) {
    super(409, 'CONFLICT', message, undefined, undefined, data);
  }
}

/** 413: a body or file larger than allowed. */
export class TooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'TOO_LARGE', message);
  }
}

/** 429: rate limited; `retryAfterSeconds` becomes the Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', message, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}

/**
 * 503: something the request needs is down for a while (e.g. the file store); `retryAfterSeconds`
 * becomes the Retry-After header and `cause` (the underlying failure) goes only to the log.
 * Nothing was changed: the same request may be sent again.
 */
export class UnavailableError extends AppError {
  constructor(message: string, retryAfterSeconds: number, cause?: unknown) {
    super(503, 'UNAVAILABLE', message, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
    if (cause !== undefined) this.cause = cause;
  }
}
