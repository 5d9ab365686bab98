/**
 * SCIM 2.0 provisioning at /scim/v2 (decisions.md#scim): a directory holding an API token with the
 * `scim:provision` scope creates, reads, filters, changes, replaces and deletes (deactivates) the
 * organization's users with requests shaped as RFC 7644's examples (no SCIM client library on
 * npm is well kept enough to drive it). Deactivation frees the seat and ends the user's session;
 * bad bodies are a 400 in SCIM's error format with nothing written; another organization's user is
 * a 404; a token without the scope a 403 and a session a 401; a full organization refuses a trainee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@practica/contract';
import { users } from '../../src/db/schema/index.js';
import { traineeSeatUsage } from '../../src/modules/organizations/index.js';
import { buildOrganization, buildUser, factoryOf, tokenOf, type Factory } from '../factories.js';
import { buildTestApp, injectWithToken, type TestContext } from '../helpers/build.js';
import { expectScimError, scimRequest, scimToken } from '../helpers/scim.js';

let ctx: TestContext;
let f: Factory;

beforeAll(async () => {
  ctx = await buildTestApp({}, { seed: false });
  f = factoryOf(ctx);
});
afterAll(() => ctx.close());

const userSchema = 'urn:ietf:params:scim:schemas:core:2.0:User';
const patchSchema = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** An organization with `seats` trainee seats, its manager and a SCIM token (or one of `scopes`). */
async function world(seats = 5, scopes = ['scim:provision']) {
  const org = await buildOrganization(f, { userSeats: seats });
  const manager = await buildUser(f, { role: Role.Manager, organizationId: org.id });
  const token = await scimToken(ctx.app, org.id, manager.token, scopes);
  return { org: org.id, manager, token };
}

/** A SCIM request as a directory sends it (`application/scim+json`). */
const scim = (token: string | undefined, method: string, path: string, body?: object) =>
  scimRequest(ctx.app, token, method, path, body);

/** RFC 7644 §3.3's creation example, for `email`. */
const newUser = (email: string, extra: object = {}) => ({
  schemas: [userSchema],
  userName: email,
  externalId: `ext-${email}`,
  name: { givenName: 'Barbara', familyName: 'Jensen' },
  emails: [{ value: email, type: 'work', primary: true }],
  ...extra,
});

const rowsWithEmail = (email: string) =>
  ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));

describe('SCIM provisioning of users', () => {
  it('creates, reads, filters, deactivates, reactivates, renames, replaces and deletes a user', async () => {
    const w = await world();
    const email = `barbara.${Date.now()}@directory.test`;
    const seatsBefore = (await traineeSeatUsage(ctx.app.db, w.org)).activeTrainees;

    const created = await scim(w.token, 'POST', '/Users', newUser(email));
    expect(created.statusCode, created.body).toBe(201);
    expect(String(created.headers['content-type'])).toMatch(/^application\/scim\+json/);
    const user = created.json() as { id: string; userName: string; active: boolean };
    expect(user).toMatchObject({
      userName: email,
      externalId: `ext-${email}`,
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      active: true,
      roles: [{ value: 'trainee' }],
      meta: { resourceType: 'User' },
    });
    expect((await traineeSeatUsage(ctx.app.db, w.org)).activeTrainees).toBe(seatsBefore + 1);

    const read = await scim(w.token, 'GET', `/Users/${user.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: user.id, userName: email });

    const filtered = await scim(
      w.token,
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=10`,
    );
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      Resources: [{ id: user.id, userName: email }],
    });
    const none = await scim(
      w.token,
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody@directory.test"')}`,
    );
    expect(none.json()).toMatchObject({ totalResults: 0 });

    // The user signs in; deactivation ends that session and frees the seat at once.
    const [row] = await rowsWithEmail(email);
    const userToken = await tokenOf(f, row!.id);
    expect(
      (await injectWithToken(ctx.app, 'GET', '/api/me/assignments', userToken)).statusCode,
    ).toBe(200);

    const deactivated = await scim(w.token, 'PATCH', `/Users/${user.id}`, {
      schemas: [patchSchema],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ active: false });
    expect((await traineeSeatUsage(ctx.app.db, w.org)).activeTrainees).toBe(seatsBefore);
    expect(
      (await injectWithToken(ctx.app, 'GET', '/api/me/assignments', userToken)).statusCode,
    ).toBe(401);

    const reactivated = await scim(w.token, 'PATCH', `/Users/${user.id}`, {
      schemas: [patchSchema],
      Operations: [
        { op: 'replace', path: 'active', value: true },
        { op: 'replace', path: 'name.familyName', value: 'Jensen-Smith' },
      ],
    });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toMatchObject({
      active: true,
      name: { givenName: 'Barbara', familyName: 'Jensen-Smith' },
    });
    expect((await traineeSeatUsage(ctx.app.db, w.org)).activeTrainees).toBe(seatsBefore + 1);

    const replaced = await scim(
      w.token,
      'PUT',
      `/Users/${user.id}`,
      newUser(email, { name: { givenName: 'Babs', familyName: 'Jensen' }, externalId: 'ext-2' }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ externalId: 'ext-2', name: { givenName: 'Babs' } });

    const deleted = await scim(w.token, 'DELETE', `/Users/${user.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await scim(w.token, 'GET', `/Users/${user.id}`)).json()).toMatchObject({
      active: false,
    });
    expect((await traineeSeatUsage(ctx.app.db, w.org)).activeTrainees).toBe(seatsBefore);
  });

  it('takes Entra ID’s PATCH with "Replace" and active "False"', async () => {
    const w = await world();
    const email = `entra.${Date.now()}@directory.test`;
    const created = await scim(w.token, 'POST', '/Users', newUser(email));
    const id = (created.json() as { id: string }).id;
    const res = await scim(w.token, 'PATCH', `/Users/${id}`, {
      schemas: [patchSchema],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ active: false });
  });

  it('creates an instructor from roles[0].value', async () => {
    const w = await world();
    const email = `ian.${Date.now()}@directory.test`;
    const res = await scim(
      w.token,
      'POST',
      '/Users',
      newUser(email, { roles: [{ value: 'instructor', primary: true }] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ roles: [{ value: 'instructor' }] });
  });

  it('answers a body that breaks the schema with a SCIM 400 and writes nothing', async () => {
    const w = await world();
    const email = `bad.${Date.now()}@directory.test`;
    // No userName (required by RFC 7643's User schema).
    expectScimError(
      await scim(w.token, 'POST', '/Users', { schemas: [userSchema], name: { givenName: 'X' } }),
      400,
    );
    // A userName that is no email, and a role the product has not.
    expectScimError(
      await scim(w.token, 'POST', '/Users', newUser('not-an-email', { emails: [] })),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim(w.token, 'POST', '/Users', newUser(email, { roles: [{ value: 'admin' }] })),
      400,
      'invalidValue',
    );
    // Not JSON at all.
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/scim+json' },
      payload: '{"userName":',
    });
    expectScimError(broken, 400, 'invalidSyntax');
    expect(await rowsWithEmail(email)).toEqual([]);
    // An existing email is a uniqueness conflict.
    expect((await scim(w.token, 'POST', '/Users', newUser(email))).statusCode).toBe(201);
    expectScimError(await scim(w.token, 'POST', '/Users', newUser(email)), 409, 'uniqueness');
  });

  it('answers another organization’s user, a manager and a missing id with a SCIM 404', async () => {
    const w = await world();
    const other = await world();
    const stranger = await buildUser(f, { role: Role.Trainee, organizationId: other.org });
    expectScimError(await scim(w.token, 'GET', `/Users/${stranger.id}`), 404);
    expectScimError(
      await scim(w.token, 'PATCH', `/Users/${stranger.id}`, {
        schemas: [patchSchema],
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
      404,
    );
    expectScimError(await scim(w.token, 'DELETE', `/Users/${stranger.id}`), 404);
    expectScimError(await scim(w.token, 'GET', `/Users/${w.manager.id}`), 404);
    expectScimError(await scim(w.token, 'GET', '/Users/abc'), 404);
    // An id past the router's length limit is refused before any route: still in SCIM's format.
    expectScimError(await scim(w.token, 'GET', `/Users/${'q'.repeat(5000)}`), 400);
    const [row] = await ctx.app.db
      .select({ active: users.active })
      .from(users)
      .where(eq(users.id, stranger.id));
    expect(row!.active).toBe(true);
    const list = await scim(w.token, 'GET', '/Users');
    expect(
      (list.json() as { Resources: { id: string }[] }).Resources.map((r) => r.id),
    ).not.toContain(String(stranger.id));
  });

  it('refuses a token without the scope (403), a session and no token (401), in SCIM format', async () => {
    const w = await world(5, ['users:read']);
    expectScimError(await scim(w.token, 'GET', '/Users'), 403);
    expectScimError(await scim(w.token, 'POST', '/Users', newUser('x@directory.test')), 403);
    expectScimError(await scim(w.manager.token, 'GET', '/Users'), 401);
    expectScimError(await scim(undefined, 'GET', '/Users'), 401);
    expectScimError(await scim('pra_unknown', 'GET', '/Users'), 401);
    // And the SCIM scope reaches nothing of the API.
    const s = await world();
    expect((await injectWithToken(ctx.app, 'GET', '/api/users', s.token)).statusCode).toBe(403);
  });

  it('keeps /scim/v2 out of the OpenAPI document (RFC 7644 is its reference)', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/scim'))).toEqual([]);
  });

  it('refuses a trainee when the organization has no free seat, and writes nothing', async () => {
    const w = await world(1);
    const first = `first.${Date.now()}@directory.test`;
    const second = `second.${Date.now()}@directory.test`;
    expect((await scim(w.token, 'POST', '/Users', newUser(first))).statusCode).toBe(201);
    expectScimError(await scim(w.token, 'POST', '/Users', newUser(second)), 409);
    expect(await rowsWithEmail(second)).toEqual([]);
    // An inactive trainee takes no seat; activating it is refused the same way.
    const inactive = await scim(w.token, 'POST', '/Users', newUser(second, { active: false }));
    expect(inactive.statusCode, inactive.body).toBe(201);
    const id = (inactive.json() as { id: string }).id;
    expectScimError(
      await scim(w.token, 'PATCH', `/Users/${id}`, {
        schemas: [patchSchema],
        Operations: [{ op: 'replace', path: 'active', value: true }],
      }),
      409,
    );
  });
});
