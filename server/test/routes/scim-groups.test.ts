/**
 * SCIM 2.0 groups and discovery at /scim/v2 (decisions.md#scim): a directory holding an API token
 * with the `scim:provision` scope creates, reads, filters, changes (PATCH in Entra ID's form),
 * replaces and deletes the organization's groups, and reads /ServiceProviderConfig, /Schemas and
 * /ResourceTypes. Requests follow RFC 7644's examples (no SCIM client or validator on npm is well
 * kept enough to drive them). What the directory does shows in the console's API as an Admin sees
 * it; a member that is not a user of the organization is a 400 with nothing written; another
 * organization's group is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, type Group } from '@practica/contract';
import SCIMMY from 'scimmy';
import { groupMembers, groups } from '../../src/db/schema/index.js';
import { linkDeps } from '../../src/lib/route-kit.js';
import type { ScimContext } from '../../src/modules/scim/service.js';
import {
  adminToken,
  buildGroup,
  buildOrganization,
  buildUser,
  factoryOf,
  type Factory,
} from '../factories.js';
import { buildTestApp, injectWithToken, type TestContext } from '../helpers/build.js';
import { expectScimError, scimRequest, scimToken } from '../helpers/scim.js';

let ctx: TestContext;
let f: Factory;

beforeAll(async () => {
  ctx = await buildTestApp({}, { seed: false });
  f = factoryOf(ctx);
});
afterAll(() => ctx.close());

const groupSchema = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const userSchema = 'urn:ietf:params:scim:schemas:core:2.0:User';
const patchSchema = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const listSchema = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** An organization, its manager, two trainees and an instructor, and a SCIM token. */
async function world() {
  const org = await buildOrganization(f, { userSeats: 10 });
  const manager = await buildUser(f, { role: Role.Manager, organizationId: org.id });
  const token = await scimToken(ctx.app, org.id, manager.token);
  const trainee = await buildUser(f, { role: Role.Trainee, organizationId: org.id });
  const trainee2 = await buildUser(f, { role: Role.Trainee, organizationId: org.id });
  const instructor = await buildUser(f, { role: Role.Instructor, organizationId: org.id });
  return { org: org.id, manager, token, trainee, trainee2, instructor };
}

/** A SCIM request as a directory sends it (`application/scim+json`). */
const scim = (token: string | undefined, method: string, path: string, body?: object) =>
  scimRequest(ctx.app, token, method, path, body);

const patch = (...Operations: object[]) => ({ schemas: [patchSchema], Operations });

/** The group as the console's API shows it to an Admin, with its members. */
async function consoleGroup(id: number) {
  const res = await injectWithToken(
    ctx.app,
    'GET',
    `/api/groups/${id}?includes=users`,
    await adminToken(f),
  );
  return res;
}

const memberIdsOf = (g: { members?: { value: string }[] }) =>
  (g.members ?? []).map((m) => m.value).sort();

const rowsOfGroup = (id: number) =>
  ctx.app.db.select().from(groupMembers).where(eq(groupMembers.groupId, id));

describe('SCIM provisioning of groups', () => {
  it('follows Entra ID: create, add two members, filter, remove one, rename, delete', async () => {
    const w = await world();
    const name = `Cohort ${Date.now()}`;

    const created = await scim(w.token, 'POST', '/Groups', {
      schemas: [groupSchema],
      externalId: 'entra-8a1f',
      displayName: name,
      members: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(String(created.headers['content-type'])).toMatch(/^application\/scim\+json/);
    const group = created.json() as { id: string; meta: { location: string } };
    expect(group).toMatchObject({
      schemas: [groupSchema],
      displayName: name,
      externalId: 'entra-8a1f',
      meta: { resourceType: 'Group' },
    });
    expect(group.meta.location).toMatch(new RegExp(`/scim/v2/Groups/${group.id}$`));
    const id = Number(group.id);

    // Entra ID adds members one PATCH at a time, `value` a list of {value: <SCIM User id>}.
    for (const member of [w.trainee, w.instructor]) {
      const added = await scim(
        w.token,
        'PATCH',
        `/Groups/${id}`,
        patch({ op: 'Add', path: 'members', value: [{ value: String(member.id) }] }),
      );
      expect(added.statusCode, added.body).toBe(200);
    }
    const read = await scim(w.token, 'GET', `/Groups/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    const members = (read.json() as { members: { value: string; $ref: string; type: string }[] })
      .members;
    expect(memberIdsOf({ members })).toEqual(
      [String(w.trainee.id), String(w.instructor.id)].sort(),
    );
    expect(members[0]).toMatchObject({ type: 'User' });
    expect(members[0]!.$ref).toMatch(new RegExp(`/scim/v2/Users/${members[0]!.value}$`));

    // The console shows the same members to an Admin.
    const shown = await consoleGroup(id);
    expect(shown.statusCode, shown.body).toBe(200);
    const data = (shown.json() as { data: Group }).data;
    expect(data.name).toBe(name);
    expect((data.users ?? []).map((u) => u.id).sort()).toEqual(
      [w.trainee.id, w.instructor.id].sort(),
    );
    expect(data).toMatchObject({ traineesCount: 1, instructorsCount: 1 });

    // Entra ID looks the group up by name before it changes it.
    const filtered = await scim(
      w.token,
      'GET',
      `/Groups?filter=${encodeURIComponent(`displayName eq "${name}"`)}&excludedAttributes=members&startIndex=1&count=10`,
    );
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json()).toMatchObject({
      schemas: [listSchema],
      totalResults: 1,
      startIndex: 1,
      Resources: [{ id: String(id), displayName: name }],
    });
    expect((filtered.json() as { Resources: object[] }).Resources[0]).not.toHaveProperty('members');
    const none = await scim(
      w.token,
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "No such group"')}`,
    );
    expect(none.json()).toMatchObject({ totalResults: 0 });

    // Entra ID removes a member with a value filter in the path.
    const removed = await scim(
      w.token,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'Remove', path: `members[value eq "${w.trainee.id}"]` }),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(memberIdsOf(removed.json() as { members: { value: string }[] })).toEqual([
      String(w.instructor.id),
    ]);

    const renamed = await scim(
      w.token,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'Replace', path: 'displayName', value: `${name} (renamed)` }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ displayName: `${name} (renamed)` });
    const afterRename = (await consoleGroup(id)).json() as { data: Group };
    expect(afterRename.data.name).toBe(`${name} (renamed)`);
    expect((afterRename.data.users ?? []).map((u) => u.id)).toEqual([w.instructor.id]);

    const deleted = await scim(w.token, 'DELETE', `/Groups/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expectScimError(await scim(w.token, 'GET', `/Groups/${id}`), 404);
    expect((await consoleGroup(id)).statusCode).toBe(404);
    // The users stay.
    expect((await scim(w.token, 'GET', `/Users/${w.instructor.id}`)).statusCode).toBe(200);
  });

  it('creates a group with members, removes by value list, and replaces it with PUT', async () => {
    const w = await world();
    const created = await scim(w.token, 'POST', '/Groups', {
      schemas: [groupSchema],
      displayName: `Okta group ${Date.now()}`,
      members: [{ value: String(w.trainee.id) }, { value: String(w.trainee2.id) }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect(memberIdsOf(created.json() as { members: { value: string }[] })).toEqual(
      [String(w.trainee.id), String(w.trainee2.id)].sort(),
    );

    // The other removal form Entra ID and Okta send: `path: members` with the values to remove.
    const removed = await scim(
      w.token,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'remove', path: 'members', value: [{ value: String(w.trainee.id) }] }),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(memberIdsOf(removed.json() as { members: { value: string }[] })).toEqual([
      String(w.trainee2.id),
    ]);

    const replaced = await scim(w.token, 'PUT', `/Groups/${id}`, {
      schemas: [groupSchema],
      displayName: 'Replaced',
      externalId: 'okta-00g1',
      members: [{ value: String(w.instructor.id) }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ displayName: 'Replaced', externalId: 'okta-00g1' });
    expect(memberIdsOf(replaced.json() as { members: { value: string }[] })).toEqual([
      String(w.instructor.id),
    ]);
    const [row] = await ctx.app.db
      .select({ externalId: groups.scimExternalId })
      .from(groups)
      .where(eq(groups.id, Number(id)));
    expect(row!.externalId).toBe('okta-00g1');
  });

  it('takes Okta’s PATCH forms: a rename as a value with id and displayName, members with display', async () => {
    const w = await world();
    const created = await scim(w.token, 'POST', '/Groups', {
      schemas: [groupSchema],
      displayName: `Okta ${Date.now()}`,
      members: [],
    });
    const id = (created.json() as { id: string }).id;
    const added = await scim(
      w.token,
      'PATCH',
      `/Groups/${id}`,
      patch({
        op: 'add',
        path: 'members',
        value: [{ value: String(w.trainee.id), display: 'trainee@okta.local' }],
      }),
    );
    expect(added.statusCode, added.body).toBe(200);
    const renamed = await scim(
      w.token,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'replace', value: { id, displayName: 'Okta renamed' } }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ displayName: 'Okta renamed' });
    expect(memberIdsOf(renamed.json() as { members: { value: string }[] })).toEqual([
      String(w.trainee.id),
    ]);
  });

  it('keeps a member another PATCH added between this PATCH’s read and its write', async () => {
    const w = await world();
    const created = await scim(w.token, 'POST', '/Groups', {
      schemas: [groupSchema],
      displayName: `Parallel ${Date.now()}`,
    });
    const id = (created.json() as { id: string }).id;
    // SCIMMY's PATCH step by step (read, apply the operations, write), with a second PATCH of
    // the directory landing between the read and the write, as two calls at once can.
    const scimCtx: ScimContext = {
      deps: linkDeps(ctx.app),
      actor: { id: w.manager.id, roleId: Role.Manager, organizationId: w.org, creator: false },
    };
    const read = (await new SCIMMY.Resources.Group(id).read(scimCtx)) as SCIMMY.Schemas.Group;
    const other = await scim(
      w.token,
      'PATCH',
      `/Groups/${id}`,
      patch({ op: 'add', path: 'members', value: [{ value: String(w.trainee2.id) }] }),
    );
    expect(other.statusCode, other.body).toBe(200);
    await new SCIMMY.Messages.PatchOp(
      patch({ op: 'add', path: 'members', value: [{ value: String(w.trainee.id) }] }) as never,
    ).apply(read, (instance) => new SCIMMY.Resources.Group(id).write(instance, scimCtx));
    expect((await rowsOfGroup(Number(id))).map((r) => r.userId).sort()).toEqual(
      [w.trainee.id, w.trainee2.id].sort(),
    );
  });

  it('refuses a member that is not a user of the organization with a 400, and writes nothing', async () => {
    const w = await world();
    const other = await world();
    const name = `Strict ${Date.now()}`;
    const group = await buildGroup(f, {
      organizationId: w.org,
      by: w.manager,
      name,
      members: [w.trainee.id],
    });
    const before = await rowsOfGroup(group.id);

    for (const stranger of [other.trainee.id, 999_999_999, w.manager.id]) {
      expectScimError(
        await scim(
          w.token,
          'PATCH',
          `/Groups/${group.id}`,
          patch(
            { op: 'replace', path: 'displayName', value: 'Should not be renamed' },
            {
              op: 'add',
              path: 'members',
              value: [{ value: String(w.trainee2.id) }, { value: String(stranger) }],
            },
          ),
        ),
        400,
        'invalidValue',
      );
    }
    expectScimError(
      await scim(
        w.token,
        'PATCH',
        `/Groups/${group.id}`,
        patch({ op: 'add', path: 'members', value: [{ value: 'not-an-id' }] }),
      ),
      400,
      'invalidValue',
    );
    expect(await rowsOfGroup(group.id)).toEqual(before);
    const shown = (await consoleGroup(group.id)).json() as { data: Group };
    expect(shown.data.name).toBe(name);

    // A creation with a foreign member creates nothing.
    const foreignName = `Foreign ${Date.now()}`;
    expectScimError(
      await scim(w.token, 'POST', '/Groups', {
        schemas: [groupSchema],
        displayName: foreignName,
        members: [{ value: String(other.trainee.id) }],
      }),
      400,
      'invalidValue',
    );
    expect(await ctx.app.db.select().from(groups).where(eq(groups.name, foreignName))).toEqual([]);

    // Bad bodies: no displayName (required by RFC 7643), an empty one, not JSON.
    expectScimError(await scim(w.token, 'POST', '/Groups', { schemas: [groupSchema] }), 400);
    expectScimError(
      await scim(w.token, 'POST', '/Groups', { schemas: [groupSchema], displayName: '   ' }),
      400,
      'invalidValue',
    );
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/scim/v2/Groups',
      headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/scim+json' },
      payload: '{"displayName":',
    });
    expectScimError(broken, 400, 'invalidSyntax');
  });

  it('answers another organization’s group and a missing id with a SCIM 404, changing nothing', async () => {
    const w = await world();
    const other = await world();
    const theirs = await buildGroup(f, {
      organizationId: other.org,
      by: other.manager,
      members: [other.trainee.id],
    });
    expectScimError(await scim(w.token, 'GET', `/Groups/${theirs.id}`), 404);
    expectScimError(
      await scim(
        w.token,
        'PATCH',
        `/Groups/${theirs.id}`,
        patch({ op: 'replace', path: 'displayName', value: 'Taken over' }),
      ),
      404,
    );
    expectScimError(
      await scim(w.token, 'PUT', `/Groups/${theirs.id}`, {
        schemas: [groupSchema],
        displayName: 'Taken over',
      }),
      404,
    );
    expectScimError(await scim(w.token, 'DELETE', `/Groups/${theirs.id}`), 404);
    expectScimError(await scim(w.token, 'GET', '/Groups/abc'), 404);
    expectScimError(await scim(w.token, 'GET', '/Groups/999999999'), 404);
    const list = await scim(w.token, 'GET', '/Groups');
    expect(
      (list.json() as { Resources: { id: string }[] }).Resources.map((r) => r.id),
    ).not.toContain(String(theirs.id));
    const shown = (await consoleGroup(theirs.id)).json() as { data: Group };
    expect(shown.data.name).toBe(theirs.name);
    expect((await rowsOfGroup(theirs.id)).length).toBe(1);
  });

  it('refuses groups and discovery without the scope (403) or without a token (401)', async () => {
    const org = await buildOrganization(f);
    const manager = await buildUser(f, { role: Role.Manager, organizationId: org.id });
    const token = await scimToken(ctx.app, org.id, manager.token, ['users:read']);
    for (const path of ['/Groups', '/ServiceProviderConfig', '/Schemas', '/ResourceTypes']) {
      expectScimError(await scim(token, 'GET', path), 403);
      expectScimError(await scim(undefined, 'GET', path), 401);
      expectScimError(await scim(manager.token, 'GET', path), 401);
    }
  });
});

describe('SCIM discovery', () => {
  it('declares the features served in /ServiceProviderConfig', async () => {
    const w = await world();
    const res = await scim(w.token, 'GET', '/ServiceProviderConfig');
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/scim\+json/);
    const config = res.json() as { authenticationSchemes: { type: string }[] };
    expect(config).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      meta: { resourceType: 'ServiceProviderConfig' },
    });
    expect(config.authenticationSchemes.map((s) => s.type)).toEqual(['oauthbearertoken']);
  });

  it('lists the User, enterprise User and Group schemas, and the User and Group resource types', async () => {
    const w = await world();
    const schemas = await scim(w.token, 'GET', '/Schemas');
    expect(schemas.statusCode, schemas.body).toBe(200);
    const schemaList = schemas.json() as {
      schemas: string[];
      Resources: { id: string; attributes: { name: string }[] }[];
    };
    expect(schemaList.schemas).toEqual([listSchema]);
    expect(schemaList.Resources.map((s) => s.id).sort()).toEqual(
      [
        groupSchema,
        userSchema,
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ].sort(),
    );
    const group = schemaList.Resources.find((s) => s.id === groupSchema)!;
    expect(group.attributes.map((a) => a.name)).toEqual(
      expect.arrayContaining(['displayName', 'members']),
    );
    const one = await scim(w.token, 'GET', `/Schemas/${groupSchema}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: groupSchema, name: 'Group' });
    expectScimError(await scim(w.token, 'GET', '/Schemas/urn:nothing'), 404);

    const types = await scim(w.token, 'GET', '/ResourceTypes');
    expect(types.statusCode, types.body).toBe(200);
    const typeList = types.json() as { schemas: string[]; Resources: object[] };
    expect(typeList.schemas).toEqual([listSchema]);
    expect(typeList.Resources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
          id: 'User',
          endpoint: '/Users',
          schema: userSchema,
        }),
        expect.objectContaining({ id: 'Group', endpoint: '/Groups', schema: groupSchema }),
      ]),
    );
    const groupType = await scim(w.token, 'GET', '/ResourceTypes/Group');
    expect(groupType.statusCode, groupType.body).toBe(200);
    expect(groupType.json()).toMatchObject({ name: 'Group', endpoint: '/Groups' });
    expectScimError(await scim(w.token, 'GET', '/ResourceTypes/Nothing'), 404);
  });

  it('cuts a list to maxResults, and answers no resource past the end', async () => {
    const w = await world();
    const res = await scim(w.token, 'GET', '/Users?count=5000');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ itemsPerPage: 200, totalResults: 3 });
    for (const path of ['/Users', '/Groups']) {
      const past = await scim(w.token, 'GET', `${path}?startIndex=50&count=10`);
      expect(past.statusCode, past.body).toBe(200);
      expect(past.json()).toMatchObject({ startIndex: 50, Resources: [] });
    }
  });
});
