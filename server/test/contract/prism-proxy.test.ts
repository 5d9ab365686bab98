/**
 * The contract test's instrument (`prism-proxy.ts`): Prism in front of a small upstream reports
 * what the document does not describe (a body of the wrong shape, an undocumented status, a
 * route the document lacks, a malformed request) in `sl-violations`, forwards every call
 * (the upstream answers, not Prism), and reports nothing for a call that keeps to the document;
 * `check` finds the same in an answer fetched beside the proxy.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrismProxy, violationsOf, type PrismProxy } from './prism-proxy.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'contract probe', version: '1' },
  paths: {
    '/things/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'A thing',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { id: { type: 'integer' } },
                  required: ['id'],
                  additionalProperties: false,
                },
              },
            },
          },
        },
      },
    },
  },
};

/** The upstream's answer for each id: what it sends, whatever the document says. */
const answers: Record<string, [number, unknown]> = {
  '1': [200, { id: 1 }],
  '2': [200, { id: 'two' }],
  '3': [418, { error: 'teapot' }],
};

let upstream: Server;
let proxy: PrismProxy;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const id = req.url?.split('/').pop() ?? '';
    const [status, body] = answers[id] ?? [200, { id: 9 }];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  proxy = await startPrismProxy(document, `http://127.0.0.1:${port}`);
});

afterAll(async () => {
  await proxy?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

const get = async (path: string) => {
  const res = await fetch(proxy.url + path);
  return { status: res.status, violations: violationsOf(res.headers.get('sl-violations')) };
};

describe('Prism validating proxy', () => {
  it('reports nothing for a call and an answer that keep to the document', async () => {
    expect(await get('/things/1')).toEqual({ status: 200, violations: [] });
  });

  it('reports a body of the wrong shape on the response', async () => {
    const { status, violations } = await get('/things/2');
    expect(status).toBe(200);
    expect(violations).toContainEqual(
      expect.objectContaining({ location: ['response', 'body', 'id'], severity: 'Error' }),
    );
  });

  it('reports an undocumented status, and forwards the upstream answer', async () => {
    const { status, violations } = await get('/things/3');
    expect(status).toBe(418);
    expect(violations.map((v) => v.message)).toContainEqual(
      expect.stringContaining('Unable to match the returned status code'),
    );
  });

  it('reports a route the document lacks and a malformed path parameter, both forwarded', async () => {
    const unknown = await get('/nowhere');
    expect(unknown.status).toBe(200);
    expect(unknown.violations.map((v) => v.message)).toEqual(['Selected route not found']);
    const malformed = await get('/things/not-a-number');
    expect(malformed.status).toBe(200);
    expect(malformed.violations).toContainEqual(
      expect.objectContaining({ location: ['request', 'path', 'id'] }),
    );
  });

  it('checks an answer fetched beside the proxy with the same validator', () => {
    const json = { 'content-type': 'application/json' };
    const at = (path: string) => ({ method: 'get' as const, url: { path } });
    expect(
      proxy.check(at('/things/1'), { statusCode: 200, headers: json, body: { id: 1 } }),
    ).toEqual([]);
    expect(
      proxy.check(at('/things/2'), { statusCode: 200, headers: json, body: { id: 'two' } }),
    ).toContainEqual(expect.objectContaining({ location: ['response', 'body', 'id'] }));
    expect(
      proxy.check(at('/things/3'), { statusCode: 302, headers: { location: '/elsewhere' } }),
    ).toContainEqual(
      expect.objectContaining({
        message: expect.stringContaining('Unable to match the returned status code'),
      }),
    );
    expect(proxy.check(at('/nowhere'), { statusCode: 200 })[0]?.message).toBe(
      'Selected route not found',
    );
  });

  it('reads a header Prism cut short as one violation', () => {
    expect(violationsOf('Too many violations! [{"loc')).toHaveLength(1);
    expect(violationsOf(null)).toEqual([]);
  });
});
