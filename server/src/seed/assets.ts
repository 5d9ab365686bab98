/**
 * Demo avatars and environments (001 §2 'Avatars and environments'): six avatars and
 * three environments with small PNG illustrations from `fixtures/images/`, stored through the
 * storage driver as Ready image files, created as general assets by the demo admin and added to
 * Demo Academy. Idempotent: a database that already has any asset keeps its assets.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { AssetType, MediaType, imageMaxBytes, type AssetTypeId } from '@practica/contract';
import { loadConfig } from '../config.js';
import type { Db } from '../db/client.js';
import {
  FileStatus,
  assetOrganizations,
  assets,
  files,
  organizations,
  users,
} from '../db/schema/index.js';
import { serverRoot } from '../lib/paths.js';
import { createStorage, newStorageKey, type StorageDriver } from '../lib/storage/index.js';

/** Folder of the committed demo images (read from the source tree, also by the bundled server). */
export const demoImagesDir = path.join(serverRoot, 'src', 'seed', 'fixtures', 'images');

export interface DemoAsset {
  assetTypeId: AssetTypeId;
  name: string;
  description: string;
  /** File name under `demoImagesDir`. */
  file: string;
}

/** The demo assets, in the order they are created. */
export const demoAssets: readonly DemoAsset[] = [
  {
    assetTypeId: AssetType.Avatar,
    name: 'Alex',
    description: 'A friendly hiring manager in a blue sweater',
    file: 'avatar-alex.png',
  },
  {
    assetTypeId: AssetType.Avatar,
    name: 'Bea',
    description: 'A warm team lead with auburn hair',
    file: 'avatar-bea.png',
  },
  {
    assetTypeId: AssetType.Avatar,
    name: 'Chen',
    description: 'A thoughtful engineer with round glasses',
    file: 'avatar-chen.png',
  },
  {
    assetTypeId: AssetType.Avatar,
    name: 'Dara',
    description: 'An upbeat recruiter with curly hair',
    file: 'avatar-dara.png',
  },
  {
    assetTypeId: AssetType.Avatar,
    name: 'Eli',
    description: 'A calm director with a beard and a bun',
    file: 'avatar-eli.png',
  },
  {
    assetTypeId: AssetType.Avatar,
    name: 'Farah',
    description: 'A kind customer-service manager in a red headscarf',
    file: 'avatar-farah.png',
  },
  {
    assetTypeId: AssetType.Environment,
    name: 'Office',
    description: 'A bright office with a desk by the window',
    file: 'environment-office.png',
  },
  {
    assetTypeId: AssetType.Environment,
    name: 'Video call',
    description: 'An online meeting with the camera on',
    file: 'environment-video-call.png',
  },
  {
    assetTypeId: AssetType.Environment,
    name: 'Cafe',
    description: 'A relaxed chat over coffee',
    file: 'environment-cafe.png',
  },
];

const demoAdminEmail = 'admin@demo.test';
const demoOrganizationName = 'Demo Academy';

/**
 * The driver the seed stores images with when the caller gives none: the configured storage
 * (STORAGE_DRIVER: the local disk of DATA_DIR, or the S3 bucket) — the same driver `filesPlugin` serves from, since main.ts seeds before
 * the app exists. None under NODE_ENV=test or with DATA_DIR=memory://: there the app has a
 * temporary storage of its own, so tests pass the app's driver (`app.files.storage`).
 */
function configuredStorage(): StorageDriver | null {
  if (process.env['NODE_ENV'] === 'test') return null;
  const { dataDir, storage } = loadConfig();
  return dataDir === 'memory://' ? null : createStorage(storage, dataDir);
}

/**
 * Seeds the demo avatars and environments unless the database has any asset. `storage` receives
 * the images (default: the configured storage, see above; nothing is seeded when
 * there is none). Assets are general, authored by the demo admin (when it exists) and added to
 * Demo Academy (when it exists). Images are stored first; the rows go in one transaction, and the
 * stored images are removed again if it fails. Returns true when it seeded.
 */
export async function seedAssets(db: Db, storage?: StorageDriver): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(assets);
  if ((existing?.n ?? 0) > 0) return false;
  const driver = storage ?? configuredStorage();
  if (!driver) return false;
  try {
    return await seedWith(db, driver);
  } finally {
    if (!storage) await driver.close?.();
  }
}

async function seedWith(db: Db, storage: StorageDriver): Promise<boolean> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoAdminEmail))
    .limit(1);
  const [demo] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, demoOrganizationName))
    .limit(1);
  const createdById = admin?.id ?? null;

  const stored: { asset: DemoAsset; key: string; size: number }[] = [];
  try {
    for (const asset of demoAssets) {
      const bytes = await readFile(path.join(demoImagesDir, asset.file));
      const key = newStorageKey('png');
      const { size } = await storage.put(key, Readable.from([bytes]), imageMaxBytes);
      stored.push({ asset, key, size });
    }
    await db.transaction(async (tx) => {
      const now = new Date();
      const fileRows = await tx
        .insert(files)
        .values(
          stored.map(({ asset, key, size }) => ({
            storageKey: key,
            name: asset.file,
            extension: 'png',
            fileTypeId: MediaType.Image,
            contentType: 'image/png',
            declaredSize: size,
            size,
            status: FileStatus.Ready,
            createdById,
            organizationId: null,
            completedAt: now,
          })),
        )
        .returning({ id: files.id, storageKey: files.storageKey });
      const fileIdOf = new Map(fileRows.map((f) => [f.storageKey, f.id]));
      const assetRows = await tx
        .insert(assets)
        .values(
          stored.map(({ asset, key }) => ({
            name: asset.name,
            description: asset.description,
            assetTypeId: asset.assetTypeId,
            imageId: fileIdOf.get(key)!,
            organizationId: null,
            createdById,
          })),
        )
        .returning({ id: assets.id });
      if (demo) {
        await tx
          .insert(assetOrganizations)
          .values(assetRows.map((a) => ({ assetId: a.id, organizationId: demo.id })));
      }
    });
  } catch (error) {
    for (const { key } of stored) await storage.delete(key).catch(() => {});
    throw error;
  }
  return true;
}

/** The ids of the general assets named like the demo ones, by name (for tests and later seeds, e.g. interview roles). */
export async function demoAssetIds(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: assets.id, name: assets.name })
    .from(assets)
    .where(
      and(
        isNull(assets.organizationId),
        inArray(
          assets.name,
          demoAssets.map((a) => a.name),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.name, r.id]));
}
