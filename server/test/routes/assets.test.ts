/**
 * Avatars and environments (001 §2, §3 'Asset', §6, §7 '/assets', §8; decisions.md#avatars-and-environments): every call climbs
 * the ladder 401 → 403 → 404 other organization → 400 → success, a denied write changes nothing,
 * the add/remove toggles decide what a manager then sees, and a used asset is not deleted. Also
 * GET /organizations/{id}/assets and the demo seed of assets.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssetType,
  MediaType,
  format,
  imageMaxBytes,
  messages,
  type Asset,
} from '@practica/contract';
import {
  FileStatus,
  assetOrganizations,
  assets,
  assignmentRoles,
  assignments,
  contents,
  files,
  interviewRoles,
  questionAudios,
  questions,
} from '../../src/db/schema/index.js';
import { newStorageKey } from '../../src/lib/storage/index.js';
import { demoAssetIds, demoAssets, demoImagesDir, seedAssets } from '../../src/seed/assets.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';
import { emptyDemoFixture, loadDemoFixture } from '../helpers/demo-fixture.js';
import * as media from '../helpers/media-fixtures.js';

let ctx: TestContext;
const demo = emptyDemoFixture();
const { org, call } = demo;
/** Ids of fixtures made below: a Northwind-owned avatar and a general avatar added nowhere. */
const fx = { northwindOwn: 0, unshared: 0, alex: 0, office: 0 };
let adminId = 0;

const db = () => ctx.testDb.database.db;
const assetCount = async () => (await db().select({ n: count() }).from(assets))[0]!.n;
const assetRow = async (id: number) =>
  (await db().select().from(assets).where(eq(assets.id, id)))[0];
const linksOf = async (id: number) =>
  (
    await db()
      .select({ o: assetOrganizations.organizationId })
      .from(assetOrganizations)
      .where(eq(assetOrganizations.assetId, id))
  )
    .map((r) => r.o)
    .sort((a, b) => a - b);
const ids = (list: Asset[]) => list.map((a) => a.id);

/** Uploads `bytes` as an image through POST /files/upload and the signed PUT; answers the file id. */
async function uploadImage(bytes: Buffer = media.png, who = 'admin', name = 'face.png') {
  const start = await call('POST', '/api/files/upload', who, {
    name,
    extension: 'png',
    fileTypeId: MediaType.Image,
    size: bytes.length,
  });
  if (start.statusCode !== 200) throw new Error(`upload: ${start.statusCode} ${start.body}`);
  const { id, url } = start.json().data as { id: number; url: string };
  const put = await ctx.app.inject({
    method: 'PUT',
    url,
    headers: { 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  if (put.statusCode !== 200) throw new Error(`PUT: ${put.statusCode} ${put.body}`);
  return id;
}

/** Inserts a Ready file row of `fileTypeId` directly (no bytes: only its id is referenced). */
async function fileRow(fileTypeId: number, extra: Partial<typeof files.$inferInsert> = {}) {
  const [row] = await db()
    .insert(files)
    .values({
      storageKey: newStorageKey(fileTypeId === MediaType.Audio ? 'mp3' : 'png'),
      name: 'direct',
      extension: fileTypeId === MediaType.Audio ? 'mp3' : 'png',
      fileTypeId,
      contentType: fileTypeId === MediaType.Audio ? 'audio/mpeg' : 'image/png',
      declaredSize: 100,
      size: 100,
      status: FileStatus.Ready,
      createdById: adminId,
      completedAt: new Date(),
      ...extra,
    })
    .returning({ id: files.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  await loadDemoFixture(ctx, demo);
  adminId = demo.ids['admin']!;
  // The demo seed stores its images with the app's own storage driver, so they are served.
  expect(await seedAssets(db(), ctx.app.files.storage)).toBe(true);
  const seeded = await demoAssetIds(db());
  fx.alex = seeded.get('Alex')!;
  fx.office = seeded.get('Office')!;
  const image = await fileRow(MediaType.Image);
  const [own] = await db()
    .insert(assets)
    .values({
      name: 'Northwind Nadia',
      assetTypeId: AssetType.Avatar,
      imageId: image,
      organizationId: org.northwind,
      createdById: adminId,
    })
    .returning({ id: assets.id });
  fx.northwindOwn = own!.id;
  const [unshared] = await db()
    .insert(assets)
    .values({
      name: 'Zed Unshared',
      assetTypeId: AssetType.Avatar,
      imageId: image,
      createdById: adminId,
    })
    .returning({ id: assets.id });
  fx.unshared = unshared!.id;
});
afterAll(() => ctx.close());

describe('demo seed of assets', () => {
  it('has six avatars and three environments with real PNG images, added to Demo Academy', async () => {
    const avatars = demoAssets.filter((a) => a.assetTypeId === AssetType.Avatar);
    const environments = demoAssets.filter((a) => a.assetTypeId === AssetType.Environment);
    expect(avatars.length).toBeGreaterThanOrEqual(6);
    expect(environments.map((e) => e.name)).toEqual(['Office', 'Video call', 'Cafe']);
    expect(new Set(demoAssets.map((a) => a.name)).size).toBe(demoAssets.length);

    const res = await call('GET', `/api/organizations/${org.demo}/assets`, 'manager');
    expect(res.statusCode).toBe(200);
    const list = res.json().data.list as Asset[];
    expect(list.map((a) => a.name).sort()).toEqual(demoAssets.map((a) => a.name).sort());
    for (const asset of list) {
      expect(asset).toMatchObject({ organizationId: null, organizationIds: [org.demo] });
      expect(asset.createdBy).toMatchObject({ id: adminId, firstName: 'Ada', lastName: 'Admin' });
      const served = await ctx.app.inject({ method: 'GET', url: asset.image!.url });
      expect(served.statusCode, asset.name).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(served.rawPayload.length).toBeLessThanOrEqual(imageMaxBytes);
    }
    for (const a of demoAssets) {
      const bytes = await readFile(path.join(demoImagesDir, a.file));
      expect(bytes.length, a.file).toBeLessThanOrEqual(imageMaxBytes);
    }
  });

  it('is idempotent, and seeds nothing without a storage under tests', async () => {
    const before = await assetCount();
    expect(await seedAssets(db(), ctx.app.files.storage)).toBe(false);
    expect(await seedAssets(db())).toBe(false);
    expect(await assetCount()).toBe(before);
  });
});

describe('GET /api/assets', () => {
  it('answers 401 without a token, 403 to a trainee, 400 for an unknown type or page size', async () => {
    expect((await call('GET', '/api/assets?typeId=1')).statusCode).toBe(401);
    expect((await call('GET', '/api/assets?typeId=1', 'trainee')).statusCode).toBe(403);
    for (const query of ['typeId=3', 'typeId=x', 'pageSize=10', 'page=0']) {
      expect((await call('GET', `/api/assets?${query}`, 'admin')).statusCode, query).toBe(400);
    }
  });

  it('answers every asset of the type to an admin, with the organizations each was added to', async () => {
    const res = await call('GET', `/api/assets?typeId=${AssetType.Avatar}`, 'admin');
    expect(res.statusCode).toBe(200);
    const { list, count: total } = res.json().data as { list: Asset[]; count: number };
    expect(total).toBe(list.length);
    expect(list.every((a) => a.assetTypeId === AssetType.Avatar)).toBe(true);
    expect(ids(list)).toEqual(expect.arrayContaining([fx.alex, fx.northwindOwn, fx.unshared]));
    expect(list.find((a) => a.id === fx.alex)!.organizationIds).toEqual([org.demo]);
    expect(list.find((a) => a.id === fx.northwindOwn)!.organizationId).toBe(org.northwind);
    // Ordered by name.
    const names = list.map((a) => a.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const environments = (
      await call('GET', `/api/assets?typeId=${AssetType.Environment}`, 'admin')
    ).json().data as { list: Asset[] };
    expect(environments.list.map((a) => a.name).sort()).toEqual(['Cafe', 'Office', 'Video call']);
  });

  it("answers other staff their organization's own assets and the general ones added to it", async () => {
    for (const who of ['manager', 'instructor']) {
      const { list } = (await call('GET', `/api/assets?typeId=${AssetType.Avatar}`, who)).json()
        .data as { list: Asset[] };
      expect(list.map((a) => a.name)).toEqual(['Alex', 'Bea', 'Chen', 'Dara', 'Eli', 'Farah']);
      expect(list.every((a) => a.organizationIds.length === 1)).toBe(true);
    }
    const northwind = (
      await call('GET', `/api/assets?typeId=${AssetType.Avatar}`, 'manager2')
    ).json().data as { list: Asset[] };
    expect(ids(northwind.list)).toEqual([fx.northwindOwn]);
    const both = (await call('GET', '/api/assets', 'manager')).json().data as { count: number };
    expect(both.count).toBe(demoAssets.length);
  });

  it('pages when asked, with the total count', async () => {
    const page1 = (await call('GET', '/api/assets?typeId=1&page=1&pageSize=25', 'manager')).json()
      .data;
    expect(page1.count).toBe(6);
    expect(page1.list).toHaveLength(6);
    const page2 = (await call('GET', '/api/assets?typeId=1&page=2', 'manager')).json().data;
    expect(page2).toEqual({ list: [], count: 6 });
  });
});

describe('GET /api/assets/:id', () => {
  it('climbs the ladder: 401, 403 trainee, 404 other organization or not added, 400 bad id', async () => {
    expect((await call('GET', `/api/assets/${fx.alex}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/assets/${fx.alex}`, 'trainee')).statusCode).toBe(403);
    expect((await call('GET', `/api/assets/${fx.northwindOwn}`, 'manager')).statusCode).toBe(404);
    expect((await call('GET', `/api/assets/${fx.unshared}`, 'manager')).statusCode).toBe(404);
    expect((await call('GET', `/api/assets/${fx.alex}`, 'manager2')).statusCode).toBe(404);
    expect((await call('GET', '/api/assets/999999', 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/api/assets/abc', 'admin')).statusCode).toBe(400);
  });

  it('answers the asset with its image, author and organizations', async () => {
    const res = await call('GET', `/api/assets/${fx.alex}`, 'instructor');
    expect(res.statusCode).toBe(200);
    const asset = res.json().data as Asset;
    expect(asset).toMatchObject({
      id: fx.alex,
      name: 'Alex',
      assetTypeId: AssetType.Avatar,
      organizationId: null,
      organizationIds: [org.demo],
      createdBy: { id: adminId, firstName: 'Ada', lastName: 'Admin' },
    });
    expect(asset.image).toEqual({ id: asset.imageId, url: expect.stringMatching(/^\/files\//) });
    expect(Number.isNaN(Date.parse(asset.updatedAt))).toBe(false);
    expect((await call('GET', `/api/assets/${fx.northwindOwn}`, 'manager2')).statusCode).toBe(200);
    expect((await call('GET', `/api/assets/${fx.unshared}`, 'admin')).statusCode).toBe(200);
  });
});

describe('POST /api/assets/:type', () => {
  it('climbs the ladder: 401, 403 for a manager (nothing created), 400 with the messages of 001 §5', async () => {
    const imageId = await uploadImage();
    const before = await assetCount();
    const body = { name: 'Gus', description: 'A new avatar', imageId };
    expect((await call('POST', '/api/assets/1', undefined, body)).statusCode).toBe(401);
    for (const who of ['manager', 'instructor', 'trainee']) {
      expect((await call('POST', '/api/assets/1', who, body)).statusCode, who).toBe(403);
    }
    expect((await call('POST', '/api/assets/3', 'admin', body)).statusCode).toBe(400);
    // decisions.md#hardening §20: the kind's word (001 §7 'POST /assets/{type}') is accepted; another word is not.
    expect((await call('POST', '/api/assets/hat', 'admin', body)).statusCode).toBe(400);
    expect((await call('POST', '/api/assets/0x1', 'admin', body)).statusCode).toBe(400);

    const audioId = await fileRow(MediaType.Audio);
    const pending = (
      await call('POST', '/api/files/upload', 'admin', {
        name: 'never.png',
        extension: 'png',
        fileTypeId: MediaType.Image,
        size: 10,
      })
    ).json().data.id as number;
    const cases: [string, object, string][] = [
      ['1', { imageId }, messages.avatarNameRequired],
      ['1', { name: '   ', imageId }, messages.avatarNameRequired],
      ['2', { imageId }, messages.environmentTitleRequired],
      ['2', { name: '', imageId }, messages.environmentTitleRequired],
      ['1', { name: 'x'.repeat(101), imageId }, messages.nameTooLong],
      ['1', { name: 'Gus' }, messages.failedToUploadImage],
      ['1', { name: 'Gus', imageId: 'abc' }, messages.failedToUploadImage],
      ['1', { name: 'Gus', imageId: 424242 }, messages.failedToUploadImage],
      ['1', { name: 'Gus', imageId: audioId }, messages.failedToUploadImage],
      ['1', { name: 'Gus', imageId: pending }, messages.failedToUploadImage],
    ];
    for (const [type, payload, message] of cases) {
      const res = await call('POST', `/api/assets/${type}`, 'admin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await assetCount()).toBe(before);
  });

  it('refuses an image over 300 KB: at the upload, and a stored one over the limit', async () => {
    const tooBig = await call('POST', '/api/files/upload', 'admin', {
      name: 'big.png',
      extension: 'png',
      fileTypeId: MediaType.Image,
      size: imageMaxBytes + 1,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(messages.imageTooLarge);
    const oversized = await fileRow(MediaType.Image, { size: imageMaxBytes + 1 });
    const res = await call('POST', '/api/assets/1', 'admin', { name: 'Big', imageId: oversized });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(messages.imageTooLarge);
  });

  it('creates a general avatar and a general environment with an uploaded image', async () => {
    const bytes = await readFile(path.join(demoImagesDir, 'avatar-chen.png'));
    const imageId = await uploadImage(bytes);
    const res = await call('POST', `/api/assets/${AssetType.Avatar}`, 'admin', {
      name: '  Gus  ',
      imageId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.assetCreated);
    const asset = res.json().data as Asset;
    expect(asset).toMatchObject({
      name: 'Gus',
      description: '',
      assetTypeId: AssetType.Avatar,
      imageId,
      organizationId: null,
      organizationIds: [],
      createdBy: { id: adminId, firstName: 'Ada', lastName: 'Admin' },
    });
    const served = await ctx.app.inject({ method: 'GET', url: asset.image!.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    // Added nowhere yet: the manager does not see it.
    expect((await call('GET', `/api/assets/${asset.id}`, 'manager')).statusCode).toBe(404);

    const env = await call('POST', `/api/assets/${AssetType.Environment}`, 'admin', {
      name: 'Library',
      description: 'Quiet shelves',
      imageId,
    });
    expect(env.statusCode).toBe(200);
    expect(env.json().data).toMatchObject({
      name: 'Library',
      description: 'Quiet shelves',
      assetTypeId: AssetType.Environment,
    });
  });
});

describe('PUT /api/assets/:id', () => {
  it('climbs the ladder: 401, 403 for a manager (unchanged), 404 other organization, 400 bad body', async () => {
    const imageId = (await assetRow(fx.office))!.imageId!;
    const body = { name: 'Open office', imageId };
    expect((await call('PUT', `/api/assets/${fx.office}`, undefined, body)).statusCode).toBe(401);
    expect((await call('PUT', `/api/assets/${fx.office}`, 'manager', body)).statusCode).toBe(403);
    expect((await assetRow(fx.office))!.name).toBe('Office');
    expect((await call('PUT', `/api/assets/${fx.northwindOwn}`, 'manager', body)).statusCode).toBe(
      404,
    );
    expect((await call('PUT', '/api/assets/999999', 'admin', body)).statusCode).toBe(404);
    const blank = await call('PUT', `/api/assets/${fx.office}`, 'admin', { ...body, name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(messages.environmentTitleRequired);
    const avatar = await call('PUT', `/api/assets/${fx.alex}`, 'admin', { imageId });
    expect(avatar.json().message).toBe(messages.avatarNameRequired);
    const image = await call('PUT', `/api/assets/${fx.office}`, 'admin', {
      ...body,
      imageId: 424242,
    });
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toBe(messages.failedToUploadImage);
    expect((await assetRow(fx.office))!.name).toBe('Office');
  });

  it('updates name, description and image; the kind stays', async () => {
    const before = (await assetRow(fx.office))!;
    const imageId = await uploadImage();
    const res = await call('PUT', `/api/assets/${fx.office}`, 'admin', {
      name: 'Open office',
      description: 'Desks and a window',
      imageId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.assetUpdated);
    expect(res.json().data).toMatchObject({
      id: fx.office,
      name: 'Open office',
      description: 'Desks and a window',
      imageId,
      assetTypeId: AssetType.Environment,
      organizationIds: [org.demo],
    });
    expect(Date.parse(res.json().data.updatedAt)).toBeGreaterThanOrEqual(
      before.updatedAt.getTime(),
    );
    // Back as it was, with the unchanged image id not checked again.
    const back = await call('PUT', `/api/assets/${fx.office}`, 'admin', {
      name: 'Office',
      description: before.description,
      imageId: before.imageId,
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('PUT /api/assets/:id/add|remove/:organizationId', () => {
  it('climbs the ladder: 401, 403 for a manager (links unchanged), 404 missing asset or organization, 400 bad ids, 409 an organization-owned asset', async () => {
    const url = (id: number, verb: string, orgId: number | string) =>
      `/api/assets/${id}/${verb}/${orgId}`;
    expect((await call('PUT', url(fx.alex, 'remove', org.demo))).statusCode).toBe(401);
    expect((await call('PUT', url(fx.alex, 'remove', org.demo), 'manager')).statusCode).toBe(403);
    expect((await call('PUT', url(fx.alex, 'add', org.northwind), 'manager2')).statusCode).toBe(
      404,
    );
    expect(await linksOf(fx.alex)).toEqual([org.demo]);
    expect((await call('PUT', url(999999, 'add', org.demo), 'admin')).statusCode).toBe(404);
    expect((await call('PUT', url(fx.alex, 'add', 999999), 'admin')).statusCode).toBe(404);
    expect((await call('PUT', url(fx.alex, 'add', 'x'), 'admin')).statusCode).toBe(400);
    expect((await call('PUT', url(fx.northwindOwn, 'add', org.demo), 'admin')).statusCode).toBe(
      409,
    );
    expect(await linksOf(fx.northwindOwn)).toEqual([]);
  });

  it('adds and removes idempotently, and the manager sees exactly what was added', async () => {
    const seen = async (who: string) =>
      ids(
        (
          (await call('GET', `/api/assets?typeId=${AssetType.Avatar}`, who)).json().data as {
            list: Asset[];
          }
        ).list,
      );
    expect(await seen('manager2')).not.toContain(fx.unshared);

    for (let i = 0; i < 2; i++) {
      const res = await call('PUT', `/api/assets/${fx.unshared}/add/${org.northwind}`, 'admin');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(format.assetAddedToOrganization('Avatar'));
      expect(res.json().data.organizationIds).toEqual([org.northwind]);
    }
    expect(await seen('manager2')).toContain(fx.unshared);
    expect(await seen('manager')).not.toContain(fx.unshared);
    expect((await call('GET', `/api/assets/${fx.unshared}`, 'manager2')).statusCode).toBe(200);
    const orgList = (
      await call('GET', `/api/organizations/${org.northwind}/assets?type=1`, 'manager2')
    ).json().data as { list: Asset[] };
    expect(ids(orgList.list).sort()).toEqual([fx.northwindOwn, fx.unshared].sort());

    // Adding Alex to Northwind too: the admin sees both organizations, each manager only its own.
    await call('PUT', `/api/assets/${fx.alex}/add/${org.northwind}`, 'admin');
    const forAdmin = (await call('GET', `/api/assets/${fx.alex}`, 'admin')).json().data as Asset;
    expect(forAdmin.organizationIds).toEqual([org.demo, org.northwind].sort((a, b) => a - b));
    const forManager2 = (await call('GET', `/api/assets/${fx.alex}`, 'manager2')).json()
      .data as Asset;
    expect(forManager2.organizationIds).toEqual([org.northwind]);

    for (let i = 0; i < 2; i++) {
      const res = await call('PUT', `/api/assets/${fx.unshared}/remove/${org.northwind}`, 'admin');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(format.assetRemovedFromOrganization('Avatar'));
      expect(res.json().data.organizationIds).toEqual([]);
    }
    await call('PUT', `/api/assets/${fx.alex}/remove/${org.northwind}`, 'admin');
    expect(await seen('manager2')).toEqual([fx.northwindOwn]);
    expect((await call('GET', `/api/assets/${fx.unshared}`, 'manager2')).statusCode).toBe(404);

    const env = await call('PUT', `/api/assets/${fx.office}/remove/${org.demo}`, 'admin');
    expect(env.json().message).toBe(format.assetRemovedFromOrganization('Environment'));
    expect((await call('GET', `/api/assets/${fx.office}`, 'manager')).statusCode).toBe(404);
    const back = await call('PUT', `/api/assets/${fx.office}/add/${org.demo}`, 'admin');
    expect(back.json().message).toBe(format.assetAddedToOrganization('Environment'));
    expect((await call('GET', `/api/assets/${fx.office}`, 'manager')).statusCode).toBe(200);
  });
});

describe('DELETE /api/assets/:id', () => {
  /** A general avatar made through the API, added to Demo Academy. */
  async function newAvatar(name: string, type: number = AssetType.Avatar) {
    const res = await call('POST', `/api/assets/${type}`, 'admin', {
      name,
      imageId: await uploadImage(),
    });
    const id = res.json().data.id as number;
    await call('PUT', `/api/assets/${id}/add/${org.demo}`, 'admin');
    return id;
  }

  it('climbs the ladder: 401, 403 for a manager (kept), 404 other organization or missing, 400 bad id', async () => {
    const id = await newAvatar('Hana');
    expect((await call('DELETE', `/api/assets/${id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/assets/${id}`, 'manager')).statusCode).toBe(403);
    expect(await assetRow(id)).toBeDefined();
    expect((await call('DELETE', `/api/assets/${fx.northwindOwn}`, 'manager')).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', '/api/assets/999999', 'admin')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/assets/abc', 'admin')).statusCode).toBe(400);
    const res = await call('DELETE', `/api/assets/${id}`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.assetDeleted, data: null });
  });

  it('refuses with 409 while an interview role, a question audio or an assignment uses it; deletes it once free', async () => {
    const [content] = await db()
      .insert(contents)
      .values({ name: 'Uses avatars', contentTypeId: 1, createdById: adminId })
      .returning({ id: contents.id });

    // An interview role.
    const roleAvatar = await newAvatar('Ivo');
    const [role] = await db()
      .insert(interviewRoles)
      .values({ contentId: content!.id, name: 'Interviewer', avatarId: roleAvatar })
      .returning({ id: interviewRoles.id });
    const refused = await call('DELETE', `/api/assets/${roleAvatar}`, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.failedToDeleteAvatar);
    expect(await assetRow(roleAvatar)).toBeDefined();
    expect(await linksOf(roleAvatar)).toEqual([org.demo]);

    // A question audio.
    const audioAvatar = await newAvatar('Juno');
    const [question] = await db()
      .insert(questions)
      .values({ contentId: content!.id, text: 'Why us?', questionTypeId: 1 })
      .returning({ id: questions.id });
    await db()
      .insert(questionAudios)
      .values({
        questionId: question!.id,
        audioId: await fileRow(MediaType.Audio),
        avatarId: audioAvatar,
      });
    expect((await call('DELETE', `/api/assets/${audioAvatar}`, 'admin')).statusCode).toBe(409);

    // An assignment's environment and an assignment role's avatar.
    const environment = await newAvatar('Garden', AssetType.Environment);
    const assignmentAvatar = await newAvatar('Kai');
    const [assignment] = await db()
      .insert(assignments)
      .values({
        name: 'Practice',
        description: 'Uses assets',
        organizationId: org.demo,
        interviewId: content!.id,
        environmentId: environment,
      })
      .returning({ id: assignments.id });
    await db().insert(assignmentRoles).values({
      assignmentId: assignment!.id,
      interviewRoleId: role!.id,
      avatarId: assignmentAvatar,
    });
    const envRefused = await call('DELETE', `/api/assets/${environment}`, 'admin');
    expect(envRefused.statusCode).toBe(409);
    expect(envRefused.json().message).toBe(messages.failedToDeleteEnvironment);
    expect((await call('DELETE', `/api/assets/${assignmentAvatar}`, 'admin')).statusCode).toBe(409);

    // Once nothing uses them, they go, with their organization links.
    await db().delete(assignments).where(eq(assignments.id, assignment!.id));
    await db().delete(contents).where(eq(contents.id, content!.id));
    for (const id of [roleAvatar, audioAvatar, environment, assignmentAvatar]) {
      const res = await call('DELETE', `/api/assets/${id}`, 'admin');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(messages.assetDeleted);
      expect(await assetRow(id)).toBeUndefined();
      expect(await linksOf(id)).toEqual([]);
      expect((await call('GET', `/api/assets/${id}`, 'admin')).statusCode).toBe(404);
    }
  });
});

describe('GET /api/organizations/:id/assets', () => {
  it('climbs the ladder: 401, 403 trainee, 404 other organization, 400 unknown type', async () => {
    const url = `/api/organizations/${org.demo}/assets`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, 'trainee')).statusCode).toBe(403);
    expect((await call('GET', url, 'manager2')).statusCode).toBe(404);
    expect((await call('GET', `${url}?type=3`, 'admin')).statusCode).toBe(400);
  });

  it("answers the organization's own assets and the general ones added to it, by type", async () => {
    const avatars = (
      await call('GET', `/api/organizations/${org.demo}/assets?type=${AssetType.Avatar}`, 'manager')
    ).json().data as { list: Asset[]; count: number };
    expect(avatars.list.map((a) => a.name)).toEqual([
      'Alex',
      'Bea',
      'Chen',
      'Dara',
      'Eli',
      'Farah',
    ]);
    expect(avatars.count).toBe(6);
    const environments = (
      await call(
        'GET',
        `/api/organizations/${org.demo}/assets?type=${AssetType.Environment}`,
        'admin',
      )
    ).json().data as { list: Asset[] };
    expect(environments.list.map((a) => a.name)).toEqual(['Cafe', 'Office', 'Video call']);
    const northwind = (
      await call('GET', `/api/organizations/${org.northwind}/assets`, 'admin')
    ).json().data as { list: Asset[] };
    expect(ids(northwind.list)).toEqual([fx.northwindOwn]);
  });
});
