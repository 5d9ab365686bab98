/**
 * Webhooks (decisions.md#webhooks): the calls under /api/organizations/{id}/webhooks climb the
 * ladder (401, 403 instructor/trainee, 404 another organization's manager, 400 a bad body, 200 a
 * manager and an admin); the secret is answered once and never listed; a submitted answer, a
 * completed review and an accepted invite each queue one delivery per subscribed endpoint, which
 * a real local receiver (node:http on 127.0.0.1, WEBHOOKS_ALLOW_PRIVATE on) gets signed as
 * `Practica-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`; a receiver that answers 500 then 200
 * gets the delivery twice and it is delivered once, after 2 attempts; a redirect is not followed.
 * With WEBHOOKS_ALLOW_PRIVATE off, loopback, private and link-local URLs (`localhost` too) are
 * refused at create (400) and at delivery. Each test builds its own organization (factories.ts).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  integrationMessages,
  Role,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@practica/contract';
import { webhookDeliveries, webhookEndpoints } from '../../src/db/schema/index.js';
import { isPublicAddress } from '../../src/modules/webhooks/target.js';
import { encryptSecret } from '../../src/modules/webhooks/sign.js';
import { buildOrganization, buildUser, factoryOf, type Factory } from '../factories.js';
import { buildAnswersWorld } from '../helpers/answers.js';
import { buildTestApp, injectWithToken, testSecret, type TestContext } from '../helpers/build.js';
import { mailsTo } from '../helpers/users.js';

/** One request the receiver got. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let ctx: TestContext;
let strict: TestContext;
let f: Factory;
let fs: Factory;
let server: Server;
let port: number;
const received: Received[] = [];
/** The statuses the receiver answers next, in order (then 200); 302 redirects to /elsewhere. */
const answers: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const status = answers.shift() ?? 200;
      if (status === 302) res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` });
      else res.writeHead(status);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  ctx = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' }, { seed: false });
  strict = await buildTestApp({}, { seed: false });
  f = factoryOf(ctx);
  fs = factoryOf(strict);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await strict?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const hooksUrl = (organizationId: number) => `/api/organizations/${organizationId}/webhooks`;
const receiverUrl = (path: string) => `http://127.0.0.1:${port}${path}`;
/** The requests the receiver got on `path`. */
const at = (path: string) => received.filter((r) => r.path === path);

/** An organization with its manager, an instructor and a trainee, and another one's manager. */
async function world(factory: Factory) {
  const org = await buildOrganization(factory);
  const other = await buildOrganization(factory);
  const manager = await buildUser(factory, { role: Role.Manager, organizationId: org.id });
  const instructor = await buildUser(factory, { role: Role.Instructor, organizationId: org.id });
  const trainee = await buildUser(factory, { role: Role.Trainee, organizationId: org.id });
  const manager2 = await buildUser(factory, { role: Role.Manager, organizationId: other.id });
  return { org: org.id, other: other.id, manager, instructor, trainee, manager2 };
}

/** Subscribes `url` to `events` as `token`; answers the create answer's data. */
async function subscribe(
  app: TestContext,
  token: string,
  organizationId: number,
  url: string,
  events: string[] = ['answer.submitted'],
): Promise<CreatedWebhookEndpoint> {
  const res = await injectWithToken(app.app, 'POST', hooksUrl(organizationId), token, {
    url,
    events,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CreatedWebhookEndpoint }).data;
}

/** The signature a receiver computes: HMAC-SHA256 of "t.body" with the secret, checked by hand. */
function verifies(secret: string, r: Received): boolean {
  const header = String(r.headers['practica-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${r.body}`).digest('hex');
  return expected === match[2] && Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
}

/** The deliveries of endpoint `endpointId` as the deliveries call lists them. */
async function deliveriesOf(token: string, organizationId: number, endpointId: number) {
  const res = await injectWithToken(
    ctx.app,
    'GET',
    `${hooksUrl(organizationId)}/${endpointId}/deliveries`,
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { list: WebhookDelivery[]; count: number } }).data;
}

describe('managing webhooks', () => {
  it('answers 401, 403 for an instructor and a trainee, 404 another organization, 400 a bad body', async () => {
    const w = await world(f);
    const call = (token: string | undefined, method: 'GET' | 'POST', body?: object) =>
      injectWithToken(ctx.app, method, hooksUrl(w.org), token, body);
    const body = { url: receiverUrl('/ladder'), events: ['answer.submitted'] };
    expect((await call(undefined, 'GET')).statusCode).toBe(401);
    expect((await call(w.instructor.token, 'GET')).statusCode).toBe(403);
    expect((await call(w.trainee.token, 'GET')).statusCode).toBe(403);
    expect((await call(w.manager2.token, 'GET')).statusCode).toBe(404);
    expect((await call(w.manager2.token, 'POST', body)).statusCode).toBe(404);
    // Who may call is decided before the body: a refused caller with a bad body gets 403/404.
    expect((await call(w.instructor.token, 'POST', {})).statusCode).toBe(403);
    expect((await call(w.manager2.token, 'POST', {})).statusCode).toBe(404);
    const noEvents = await call(w.manager.token, 'POST', { url: receiverUrl('/x'), events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().message).toBe(integrationMessages.webhookEventsRequired);
    const badEvent = await call(w.manager.token, 'POST', { url: receiverUrl('/x'), events: ['x'] });
    expect(badEvent.statusCode).toBe(400);
    const badUrl = await call(w.manager.token, 'POST', {
      url: 'ftp://example.com/',
      events: ['answer.submitted'],
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().message).toBe(integrationMessages.webhookUrlInvalid);
    // Past the schema's pattern, refused by the URL parser: a 400 on `url`, not a 500.
    const unparsable = await call(w.manager.token, 'POST', {
      url: 'http://Q^cR21q.j\\/C$3=Ra)',
      events: ['answer.submitted'],
    });
    expect(unparsable.statusCode).toBe(400);
    expect(unparsable.json().message).toBe(integrationMessages.webhookUrlInvalid);
    expect((await call(w.manager.token, 'GET')).json().data).toEqual({ list: [], count: 0 });

    const made = await subscribe(ctx, w.manager.token, w.org, receiverUrl('/ladder'));
    expect(made.secret).toMatch(/^whsec_[\w-]{43}$/);
    const endpointUrl = `${hooksUrl(w.org)}/${made.id}`;
    // Another organization's manager neither sees nor changes, tests or deletes it.
    for (const [method, url] of [
      ['PATCH', endpointUrl],
      ['DELETE', endpointUrl],
      ['POST', `${endpointUrl}/test`],
      ['GET', `${endpointUrl}/deliveries`],
    ] as const) {
      const res = await injectWithToken(ctx.app, method, url, w.manager2.token, { active: false });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect((await injectWithToken(ctx.app, method, url, w.instructor.token, {})).statusCode).toBe(
        403,
      );
    }
    // Nor does the manager reach it under their own organization's path.
    const wrongPath = `${hooksUrl(w.other)}/${made.id}`;
    expect((await injectWithToken(ctx.app, 'DELETE', wrongPath, w.manager2.token)).statusCode).toBe(
      404,
    );

    // Listed without its secret, by the manager and by an admin.
    const list = (await call(w.manager.token, 'GET')).json().data as { list: WebhookEndpoint[] };
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ id: made.id, url: receiverUrl('/ladder'), active: true });
    expect(JSON.stringify(list)).not.toContain(made.secret);
    const [stored] = await f.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, made.id));
    expect(stored!.secretEncrypted).not.toContain(made.secret.slice(6));

    const patched = await injectWithToken(ctx.app, 'PATCH', endpointUrl, w.manager.token, {
      active: false,
      events: ['review.completed', 'answer.submitted'],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      active: false,
      events: ['answer.submitted', 'review.completed'],
    });
    expect(
      (await injectWithToken(ctx.app, 'DELETE', endpointUrl, w.manager.token)).statusCode,
    ).toBe(200);
    expect((await call(w.manager.token, 'GET')).json().data.count).toBe(0);
  });
});

describe('deliveries', () => {
  it('sends a submitted answer once, signed with the secret shown at creation', async () => {
    const w = await buildAnswersWorld(f);
    const hook = await subscribe(ctx, w.token('manager'), w.org, receiverUrl('/submitted'));
    // An endpoint that hears only reviews, and a paused one, get nothing for a submission.
    const reviewsOnly = await subscribe(
      ctx,
      w.token('manager'),
      w.org,
      receiverUrl('/reviews-only'),
      ['review.completed'],
    );
    const paused = await subscribe(ctx, w.token('manager'), w.org, receiverUrl('/paused'));
    await injectWithToken(ctx.app, 'PATCH', `${hooksUrl(w.org)}/${paused.id}`, w.token('manager'), {
      active: false,
    });

    const answerId = await w.answer('tessa');
    await ctx.app.webhooks.drain();

    expect(at('/submitted')).toHaveLength(1);
    expect(at('/reviews-only')).toHaveLength(0);
    expect(at('/paused')).toHaveLength(0);
    const request = at('/submitted')[0]!;
    expect(verifies(hook.secret, request)).toBe(true);
    expect(verifies(reviewsOnly.secret, request)).toBe(false);
    expect(request.headers['practica-event']).toBe('answer.submitted');
    expect(request.headers['content-type']).toBe('application/json');
    const payload = JSON.parse(request.body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      type: 'answer.submitted',
      organizationId: w.org,
      data: { answerId, assignmentId: w.assignment, userId: w.ids.tessa },
    });
    expect(payload.id).toMatch(/^evt_/);
    expect(request.body).not.toContain(hook.secret);

    const { list, count } = await deliveriesOf(w.token('manager'), w.org, hook.id);
    expect(count).toBe(1);
    expect(list[0]).toMatchObject({
      id: Number(request.headers['practica-delivery']),
      event: 'answer.submitted',
      eventId: payload.id,
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(list[0]!.responseTimeMs).toBeGreaterThanOrEqual(0);
    // Nothing more to send.
    expect(await ctx.app.webhooks.drain()).toBe(0);
  });

  it('sends a completed review with its ids and score', async () => {
    const w = await buildAnswersWorld(f);
    const hook = await subscribe(ctx, w.token('manager'), w.org, receiverUrl('/reviewed'), [
      'review.completed',
    ]);
    const answerId = await w.answer('omar');
    await w.review(answerId);
    await ctx.app.webhooks.drain();
    expect(at('/reviewed')).toHaveLength(1);
    const request = at('/reviewed')[0]!;
    expect(verifies(hook.secret, request)).toBe(true);
    expect(request.headers['practica-event']).toBe('review.completed');
    const payload = JSON.parse(request.body) as { data: Record<string, unknown> };
    expect(payload.data).toMatchObject({
      answerId,
      assignmentId: w.assignment,
      userId: w.ids.omar,
      reviewerId: w.ids.instructor,
      score: 4.5,
    });
    expect(payload.data.reviewId).toEqual(expect.any(Number));
  });

  it('sends an accepted invite', async () => {
    const w = await world(f);
    const hook = await subscribe(ctx, w.manager.token, w.org, receiverUrl('/accepted'), [
      'invite.accepted',
    ]);
    const email = `hooked-${w.org}@example.test`;
    const invited = await injectWithToken(ctx.app, 'POST', '/api/invites', w.manager.token, {
      organizationId: w.org,
      roleId: Role.Trainee,
      firstName: 'Hana',
      lastName: 'Hooked',
      email,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const [mail] = await mailsTo(f.db, email);
    const token = /\/invite-registration\/([\w-]+)/.exec(mail!.textBody)![1]!;
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { firstName: 'Hana', lastName: 'Hooked', email, token, password: 'secret1' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await ctx.app.webhooks.drain();
    expect(at('/accepted')).toHaveLength(1);
    expect(verifies(hook.secret, at('/accepted')[0]!)).toBe(true);
    const payload = JSON.parse(at('/accepted')[0]!.body) as { data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: 'invite.accepted', organizationId: w.org });
    expect(payload.data).toMatchObject({ roleId: Role.Trainee, userId: expect.any(Number) });
  });

  it('retries a receiver that answered 500: delivered once, after 2 attempts, with one delivery id', async () => {
    const w = await buildAnswersWorld(f);
    const hook = await subscribe(ctx, w.token('manager'), w.org, receiverUrl('/flaky'));
    answers.push(500);
    await w.answer('tessa');
    await ctx.app.webhooks.drain();
    let [delivery] = (await deliveriesOf(w.token('manager'), w.org, hook.id)).list;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(delivery!.lastError).toBe('HTTP 500');
    // The retry is due a minute later; not before.
    const due = new Date(delivery!.nextAttemptAt!).getTime() - Date.now();
    expect(due).toBeGreaterThan(50_000);
    expect(await ctx.app.webhooks.drain()).toBe(0);
    await f.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, delivery!.id));
    await ctx.app.webhooks.drain();
    [delivery] = (await deliveriesOf(w.token('manager'), w.org, hook.id)).list;
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
    });
    const requests = at('/flaky');
    expect(requests).toHaveLength(2);
    expect(new Set(requests.map((r) => r.headers['practica-delivery']))).toEqual(
      new Set([String(delivery!.id)]),
    );
    expect(requests.every((r) => verifies(hook.secret, r))).toBe(true);
  });

  it('does not follow a redirect, and "Send test" answers the ping as it stands', async () => {
    const w = await world(f);
    const hook = await subscribe(ctx, w.manager.token, w.org, receiverUrl('/moved'));
    answers.push(302);
    const moved = await injectWithToken(
      ctx.app,
      'POST',
      `${hooksUrl(w.org)}/${hook.id}/test`,
      w.manager.token,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      event: 'ping',
      status: 'pending',
      attempts: 1,
      lastStatusCode: 302,
      lastError: 'HTTP 302: redirects are not followed',
    });
    expect(at('/elsewhere')).toHaveLength(0);
    const ping = await injectWithToken(
      ctx.app,
      'POST',
      `${hooksUrl(w.org)}/${hook.id}/test`,
      w.manager.token,
    );
    expect(ping.json().data).toMatchObject({
      event: 'ping',
      status: 'delivered',
      lastStatusCode: 200,
    });
    const last = at('/moved').at(-1)!;
    expect(last.headers['practica-event']).toBe('ping');
    expect(JSON.parse(last.body)).toMatchObject({ type: 'ping', data: { endpointId: hook.id } });
    expect(verifies(hook.secret, last)).toBe(true);
  });
});

describe('only public addresses unless WEBHOOKS_ALLOW_PRIVATE', () => {
  it('refuses loopback, private and link-local URLs at create, `localhost` included', async () => {
    const w = await world(fs);
    for (const url of [
      receiverUrl('/private'),
      `http://localhost:${port}/private`,
      'http://[::1]/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const res = await injectWithToken(strict.app, 'POST', hooksUrl(w.org), w.manager.token, {
        url,
        events: ['answer.submitted'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(integrationMessages.webhookUrlPrivate);
      expect(res.json().error.details).toEqual([
        { path: 'url', message: integrationMessages.webhookUrlPrivate },
      ]);
    }
    const none = await injectWithToken(strict.app, 'GET', hooksUrl(w.org), w.manager.token);
    expect(none.json().data.count).toBe(0);
  });

  it('refuses to deliver to an endpoint whose host resolves to a private address', async () => {
    const w = await world(fs);
    // Stored as if it had been allowed when made (e.g. the setting was on then).
    const [row] = await fs.db
      .insert(webhookEndpoints)
      .values({
        organizationId: w.org,
        url: `http://localhost:${port}/refused`,
        events: ['answer.submitted'],
        secretEncrypted: encryptSecret('whsec_refused', testSecret),
        createdById: w.manager.id,
      })
      .returning({ id: webhookEndpoints.id });
    const res = await injectWithToken(
      strict.app,
      'POST',
      `${hooksUrl(w.org)}/${row!.id}/test`,
      w.manager.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(res.json().data.lastError).toMatch(/not a public address/);
    expect(at('/refused')).toHaveLength(0);
  });

  it('names the ranges: only public unicast addresses pass', () => {
    for (const ip of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111'])
      expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      'not an ip',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });
});
