/**
 * A small JSON client over node:http with keep-alive and a hard timeout per request. It never
 * throws: a timeout or a connection error answers `status: 0` with `error` set, so the scripts can
 * count them as failures instead of dying.
 */
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * A client of `baseUrl` (e.g. http://127.0.0.1:3330). Options: `maxSockets` (default 64),
 * `timeoutMs` per request (default 5000), `localAddress` (the source address to connect from,
 * e.g. 127.0.1.7: one client per loopback address looks like one person per address to a server
 * behind a proxy that forwards it).
 */
export function createClient(
  baseUrl,
  { maxSockets = 64, timeoutMs = 5_000, localAddress = undefined } = {},
) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });

  /**
   * Sends one request. `options`: `token` (bearer), `body` (JSON), `timeoutMs`, `startedAt`
   * (performance.now() of the scheduled start, so queueing in the client counts in `ms`).
   * Answers `{status, body, ms, error}`; `body` is the parsed JSON or null.
   */
  function request(method, path, options = {}) {
    const startedAt = options.startedAt ?? performance.now();
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers = { accept: 'application/json' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return new Promise((resolve) => {
      let settled = false;
      const done = (status, body, error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status, body, error, ms: performance.now() - startedAt });
      };
      const req = http.request(
        { host: base.hostname, port: base.port, method, path, headers, agent, localAddress },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body = null;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              body = { raw: text.slice(0, 200) };
            }
            done(res.statusCode ?? 0, body, undefined);
          });
          res.on('error', (e) => done(0, null, e.code ?? e.message));
        },
      );
      const timer = setTimeout(() => {
        done(0, null, 'timeout');
        req.destroy();
      }, options.timeoutMs ?? timeoutMs);
      req.on('error', (e) => done(0, null, e.code ?? e.message));
      req.end(payload);
    });
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    /** Closes the idle sockets. */
    close: () => agent.destroy(),
  };
}

/** Signs in and answers the token; throws with the answer when it is not 200. */
export async function login(client, email, password = 'demo1234') {
  const res = await client.post('/api/auth', { email, password });
  if (res.status !== 200)
    throw new Error(`sign-in of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/** Throws unless `res` is 2xx; answers its envelope data. */
export function dataOf(res, what) {
  if (res.status < 200 || res.status >= 300)
    throw new Error(
      `${what}: ${res.status || res.error} ${JSON.stringify(res.body)?.slice(0, 300)}`,
    );
  return res.body?.data;
}
