/**
 * Stoplight Prism's validating proxy, in process: `@stoplight/prism-http-server` in front of an
 * upstream URL, validating every request and response against an OpenAPI document (what
 * `prism proxy <openapi.json> <upstream>` does; testing.md, 'The OpenAPI contract'). Every call is
 * forwarded, whatever Prism finds (`errors: false`), so a malformed call is answered by the app
 * itself; what Prism finds comes back in the `sl-violations` response header, read by
 * `violationsOf`.
 *
 * Prism 5.15+ requires Node 24: the libraries are pinned to 5.12 (prism-http, prism-http-server)
 * and 5.8 (prism-core), the last that accept Node 20.19 (testing.md, 'The OpenAPI contract').
 */
import { createLogger } from '@stoplight/prism-core';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { createServer } from '@stoplight/prism-http-server';
import type { IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
import routeModule from '@stoplight/prism-http/dist/router/index.js';
import { validateOutput } from '@stoplight/prism-http/dist/validator/index.js';

/** One finding of Prism's, as the `sl-violations` header carries it. */
export interface PrismViolation {
  /** 'request' or 'response' first, then the place ('body', 'data', 'items', …). */
  location: string[];
  /** 'Error', 'Warning', 'Information' or 'Hint'. */
  severity: string;
  code?: string | number;
  message: string;
}

export interface PrismProxy {
  /** Base URL of the proxy, `http://127.0.0.1:<port>`. */
  url: string;
  /**
   * Prism's response validation of an answer obtained without the proxy: the proxy follows a
   * redirect (its fetch does), and fails on a HEAD answer's missing body, so those answers are
   * fetched directly and checked here with the same validator. Same findings as `sl-violations`
   * ('Selected route not found' for a path the document lacks).
   */
  check(request: IHttpRequest, response: IHttpResponse): PrismViolation[];
  close(): Promise<void>;
}

/** The router's default export, whichever way the CommonJS module is seen. */
const route = ((routeModule as unknown as { default?: typeof routeModule }).default ??
  routeModule) as typeof routeModule;

/**
 * Starts the proxy on 127.0.0.1 (a free port) for `document` (an OpenAPI 3 object) in front of
 * `upstream` (a base URL). Rejects when Prism cannot read the document.
 */
export async function startPrismProxy(document: object, upstream: string): Promise<PrismProxy> {
  const operations = await getHttpOperationsFromSpec(document);
  const server = createServer(operations, {
    components: { logger: createLogger('contract', { level: 'silent' }) },
    cors: false,
    config: {
      isProxy: true,
      upstream: new URL(upstream),
      upstreamProxy: undefined,
      checkSecurity: true,
      validateRequest: true,
      validateResponse: true,
      errors: false,
      mock: { dynamic: false },
    },
  });
  // Answers 'http://127.0.0.1:<port>'.
  const url = await server.listen(0, '127.0.0.1');
  const check = (request: IHttpRequest, response: IHttpResponse): PrismViolation[] => {
    const found = route({ resources: operations, input: request });
    if (found._tag === 'Left')
      return [{ location: ['request'], severity: 'Warning', message: 'Selected route not found' }];
    const result = validateOutput({ resource: found.right, element: response });
    if (result._tag === 'Right') return [];
    return result.left.map((d) => ({
      location: ['response', ...(d.path ?? []).map(String)],
      severity: ['Error', 'Warning', 'Information', 'Hint'][d.severity] ?? 'Error',
      code: d.code,
      message: d.message,
    }));
  };
  return { url, check, close: () => server.close() };
}

/**
 * The violations of the `sl-violations` header (none when it is absent). A header Prism cut
 * ('Too many violations! …') is one violation carrying the text.
 */
export function violationsOf(header: string | null): PrismViolation[] {
  if (!header) return [];
  try {
    return JSON.parse(header) as PrismViolation[];
  } catch {
    return [{ location: ['response'], severity: 'Error', message: header.slice(0, 500) }];
  }
}
