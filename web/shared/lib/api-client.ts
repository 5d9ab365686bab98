/**
 * The console's one way to the API (000 §7, §8; decisions.md#api): base path `/api`, JSON, the
 * bearer token from local storage, the 2-minute time-out, and one parse of the envelope
 * `{success, message, data, error}`. Failures become a typed `ApiError` carrying the status, the
 * error code, the human message and the field details. A 401 or 403 clears local storage and goes
 * to login (000 §8), except for calls that opt out (the sign-in call itself).
 */
import {
  messages,
  requestTimeoutMs,
  type ErrorCode,
  type ErrorDetail,
  type ListData,
} from '@practica/contract';
import type { z } from 'zod';
import { clearLocal, readLocal } from './storage';

/** The API base path (decisions.md#api). */
export const apiBase = '/api';

/** How a call failed: an HTTP error answer, no answer at all, the time-out, or a malformed answer. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'structure';

/** A failed API call. `message` is the server's text when it sent one, otherwise the spec's fallback. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly details: ErrorDetail[];
  readonly requestId: string | undefined;
  /** True when `message` came from the server's answer (000 §8: 'shown as given'). */
  readonly fromServer: boolean;
  /** The envelope's `data` of the failure (e.g. a 409's current state, decisions.md#review-loop §4); null when none. */
  readonly data: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    message: string;
    fromServer?: boolean;
    code?: ErrorCode | undefined;
    details?: ErrorDetail[] | undefined;
    requestId?: string | undefined;
    data?: unknown;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.fromServer = init.fromServer ?? false;
    this.data = init.data ?? null;
  }

  /** The field messages of a validation error, keyed by dot path (for forms). */
  fieldErrors(): Record<string, string> {
    return Object.fromEntries(this.details.map((d) => [d.path, d.message]));
  }
}

/** Type guard for `ApiError`. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type UnauthorizedHandler = () => void;
const goToLogin: UnauthorizedHandler = () => {
  window.location.assign('/login');
};
let unauthorizedHandler = goToLogin;
const storageClearedListeners = new Set<() => void>();

/**
 * Where the session lives: the console keeps its token in local storage and clears all of it on a
 * 401/403 (000 §8). The practice app, a second entry on the same client, keeps its own token and
 * clears only that (its recorded takes must survive an expired session).
 */
export interface ApiSession {
  /** The bearer token to send, or null. */
  readToken(): string | null;
  /** Forgets the session after a 401/403 (before the unauthorized handler runs). */
  clear(): void;
}

const consoleSession: ApiSession = { readToken: () => readLocal('authToken'), clear: clearLocal };
let session = consoleSession;

/** Replaces the console's session storage (the practice app's entry calls it once at start). */
export function setApiSession(next: ApiSession): void {
  session = next;
}

/** Hears, for each call, whether the server answered at all (true) or not (false, no response). */
export type ReachabilityHandler = (answered: boolean) => void;
let reachabilityHandler: ReachabilityHandler | undefined;

/**
 * The console's connection state (lib/connection.ts, decisions.md#console-flows §4) registers here to learn whether
 * calls get answers; the practice app registers nothing, so its entry carries none of that code.
 */
export function setReachabilityHandler(handler: ReachabilityHandler | undefined): void {
  reachabilityHandler = handler;
}

/** The app registers how to go to login (router navigation) after a 401/403. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

/**
 * Puts back what a page load of the console starts with: the console's session (the token in local
 * storage, 000 §8) and the go-to-login handler. For the web tests' shared setup, which runs it before
 * each test file: test files share one module graph per worker (architecture.md 'Tests'), and the
 * practice app's session or a router's handler must not carry into the next file. Takes and
 * returns nothing; leaves the reachability handler, which lib/connection.ts registers once on import.
 */
export function resetApiClient(): void {
  session = consoleSession;
  unauthorizedHandler = goToLogin;
}

/** Lets the auth store learn that a 401/403 cleared local storage. Returns the unsubscribe. */
export function onStorageCleared(listener: () => void): () => void {
  storageClearedListeners.add(listener);
  return () => storageClearedListeners.delete(listener);
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  /** Validates `data` (the response drifting from the contract fails loudly). */
  schema?: S;
  signal?: AbortSignal | undefined;
  /** Time-out in ms; 000 §9: 120000 by default. */
  timeoutMs?: number;
  /** Do not clear storage and go to login on 401/403 (the sign-in call: 000 §8). */
  skipAuthRedirect?: boolean;
  /** Extra request headers (e.g. If-Match of the review call, decisions.md#review-loop §4). */
  headers?: Record<string, string> | undefined;
  /** Lets the request outlive the page (fetch's `keepalive`: a claim released on `pagehide`). */
  keepalive?: boolean;
}

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

interface RawEnvelope {
  success?: unknown;
  message?: unknown;
  data?: unknown;
  error?: { code?: unknown; message?: unknown; details?: unknown; requestId?: unknown } | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorFromAnswer(status: number, body: RawEnvelope | null): ApiError {
  const error = body && isObject(body.error) ? body.error : null;
  const serverMessage =
    (error && typeof error.message === 'string' && error.message) ||
    (body && typeof body.message === 'string' && body.message) ||
    '';
  const details =
    error && Array.isArray(error.details) ? (error.details as ErrorDetail[]) : undefined;
  return new ApiError({
    kind: 'http',
    status,
    message: serverMessage || messages.somethingWentWrongTryLater,
    fromServer: Boolean(serverMessage),
    code: error && typeof error.code === 'string' ? (error.code as ErrorCode) : undefined,
    details,
    requestId: error && typeof error.requestId === 'string' ? error.requestId : undefined,
    data: body?.data ?? null,
  });
}

/**
 * Sends one request and returns the envelope's `data` (validated by `schema` when given).
 * Throws `ApiError` on any failure.
 */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = session.readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? requestTimeoutMs);
  const outer = options.signal;
  const relay = () => controller.abort(outer?.reason);
  if (outer) {
    if (outer.aborted) controller.abort(outer.reason);
    else outer.addEventListener('abort', relay, { once: true });
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (cause) {
    if (outer?.aborted && !timedOut) throw cause; // cancelled by the caller (e.g. React Query)
    if (!timedOut) reachabilityHandler?.(false); // no answer at all: the shell shows the network message
    throw new ApiError({
      kind: timedOut ? 'timeout' : 'network',
      status: 0,
      message: messages.checkInternetConnection,
    });
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', relay);
  }

  reachabilityHandler?.(true);
  let parsed: RawEnvelope | null = null;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      const json: unknown = JSON.parse(text);
      parsed = isObject(json) ? (json as RawEnvelope) : null;
    } catch {
      parsed = null;
    }
  }

  if (!response.ok || (parsed && parsed.success === false)) {
    const error = errorFromAnswer(response.status, parsed);
    if ((response.status === 401 || response.status === 403) && !options.skipAuthRedirect) {
      session.clear();
      for (const listener of storageClearedListeners) listener();
      unauthorizedHandler();
    }
    throw error;
  }

  if (!parsed || !('data' in parsed)) {
    throw new ApiError({
      kind: 'structure',
      status: response.status,
      message: messages.somethingWentWrongTryLater,
    });
  }

  return (
    options.schema ? validated(options.schema, parsed.data, response.status) : parsed.data
  ) as Result<S>;
}

/**
 * `data` checked against `schema` (what `apiRequest` does with its `schema` option, for data
 * fetched earlier without one). Throws `ApiError` 'structure' with
 * messages.unexpectedResponseStructure when it does not match; `status` is the HTTP status to
 * report (default 200).
 */
export function validated<S extends z.ZodType>(
  schema: S,
  data: unknown,
  status = 200,
): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ApiError({
      kind: 'structure',
      status,
      message: messages.unexpectedResponseStructure,
    });
  }
  return result.data;
}

/** Query of a list call: paging plus the resource's filters. */
export type ListQuery = Record<string, QueryValue> & { page?: number; pageSize?: number };

/**
 * GET of a list call (000 §7: `data.list`, `data.count`). An answer without both gives
 * `messages.unexpectedResponseStructure` (000 §8). `row` validates each row when given.
 */
export async function apiList<R extends z.ZodType | undefined = undefined>(
  path: string,
  query?: ListQuery,
  options: { row?: R; signal?: AbortSignal | undefined } = {},
): Promise<ListData<Result<R>>> {
  const data = await apiRequest('GET', path, { query, signal: options.signal });
  if (!isObject(data) || !Array.isArray(data.list) || typeof data.count !== 'number') {
    throw new ApiError({
      kind: 'structure',
      status: 200,
      message: messages.unexpectedResponseStructure,
    });
  }
  let list = data.list as unknown[];
  if (options.row) {
    const row = options.row;
    list = list.map((item) => validated(row, item));
  }
  return { list: list as Result<R>[], count: data.count };
}

/** Shorthands over `apiRequest`. */
export const api = {
  get: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
    apiRequest('GET', path, options),
  post: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
    apiRequest('POST', path, options),
  put: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
    apiRequest('PUT', path, options),
  delete: <S extends z.ZodType | undefined = undefined>(
    path: string,
    options?: RequestOptions<S>,
  ) => apiRequest('DELETE', path, options),
  list: apiList,
};
