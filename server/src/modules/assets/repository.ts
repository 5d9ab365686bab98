/**
 * Queries on assets (001 §3 'Asset', §7 '/assets'; decisions.md#content: general items reach an
 * organization when an admin adds them). A list is one statement for the page plus one for the
 * organizations its assets were added to — never a query per row.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AssetTypeId } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { readPage, windowTotal, type Paging } from '../../db/paging.js';
import {
  assetOrganizations,
  assets,
  assignmentRoles,
  assignments,
  files,
  interviewRoles,
  questionAudios,
  users,
} from '../../db/schema/index.js';

export interface AssetRow {
  id: number;
  name: string;
  description: string;
  assetTypeId: number;
  imageId: number | null;
  /** Storage key of the image, when the image file still exists. */
  imageKey: string | null;
  organizationId: number | null;
  createdById: number | null;
  createdByFirstName: string | null;
  createdByLastName: string | null;
  updatedAt: Date;
}

const assetColumns = {
  id: assets.id,
  name: assets.name,
  description: assets.description,
  assetTypeId: assets.assetTypeId,
  imageId: assets.imageId,
  imageKey: files.storageKey,
  organizationId: assets.organizationId,
  createdById: assets.createdById,
  createdByFirstName: users.firstName,
  createdByLastName: users.lastName,
  updatedAt: assets.updatedAt,
};

/** SQL: the asset is available to `organizationId` — its own, or a general one added to it. */
export function availableTo(organizationId: number): SQL {
  return or(
    eq(assets.organizationId, organizationId),
    inArray(
      assets.id,
      sql`(select ${assetOrganizations.assetId} from ${assetOrganizations} where ${assetOrganizations.organizationId} = ${organizationId})`,
    ),
  )!;
}

export interface AssetListFilter {
  /** Only this kind; absent: both. */
  typeId?: AssetTypeId | undefined;
  /** Only the assets available to this organization (own + added general); absent: all. */
  availableTo?: number | undefined;
  /** One page; absent: every row. */
  paging?: Paging | undefined;
}

/**
 * Assets by kind and availability, ordered by name (ignoring case) then id, with the total over
 * all pages. One statement (two when a page past the end comes back empty, `readPage`).
 */
export async function listAssets(
  db: Db | Tx,
  filter: AssetListFilter,
): Promise<{ rows: AssetRow[]; count: number }> {
  const conditions: SQL[] = [];
  if (filter.typeId !== undefined) conditions.push(eq(assets.assetTypeId, filter.typeId));
  if (filter.availableTo !== undefined) conditions.push(availableTo(filter.availableTo));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const query = db
    .select({ ...assetColumns, total: windowTotal() })
    .from(assets)
    .leftJoin(files, eq(files.id, assets.imageId))
    .leftJoin(users, eq(users.id, assets.createdById))
    .where(where)
    .orderBy(asc(sql`lower(${assets.name})`), asc(assets.id))
    .$dynamic();
  if (!filter.paging) {
    const rows = await query;
    return { rows: rows.map(({ total: _total, ...row }) => row), count: rows.length };
  }
  return readPage(filter.paging, ({ limit, offset }) => query.limit(limit).offset(offset));
}

/** The asset with its image key and author's names, or undefined. One statement. */
export async function findAsset(db: Db | Tx, id: number): Promise<AssetRow | undefined> {
  const [row] = await db
    .select(assetColumns)
    .from(assets)
    .leftJoin(files, eq(files.id, assets.imageId))
    .leftJoin(users, eq(users.id, assets.createdById))
    .where(eq(assets.id, id))
    .limit(1);
  return row;
}

/** True when the asset is available to the organization (its own, or added to it). One statement. */
export async function isAvailableTo(
  db: Db | Tx,
  assetId: number,
  organizationId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.id, assetId), availableTo(organizationId)))
    .limit(1);
  return row !== undefined;
}

/**
 * For each of `assetIds`, the organizations it was added to (ascending ids); `onlyOrganizationId`
 * keeps that one organization only. One statement.
 */
export async function organizationIdsOf(
  db: Db | Tx,
  assetIds: readonly number[],
  onlyOrganizationId?: number,
): Promise<Map<number, number[]>> {
  const byAsset = new Map<number, number[]>(assetIds.map((id) => [id, []]));
  if (assetIds.length === 0) return byAsset;
  const rows = await db
    .select({
      assetId: assetOrganizations.assetId,
      organizationId: assetOrganizations.organizationId,
    })
    .from(assetOrganizations)
    .where(
      and(
        inArray(assetOrganizations.assetId, [...assetIds]),
        onlyOrganizationId !== undefined
          ? eq(assetOrganizations.organizationId, onlyOrganizationId)
          : undefined,
      ),
    )
    .orderBy(asc(assetOrganizations.assetId), asc(assetOrganizations.organizationId));
  for (const row of rows) byAsset.get(row.assetId)?.push(row.organizationId);
  return byAsset;
}

export interface AssetValues {
  name: string;
  description: string;
  imageId: number;
}

/** Inserts a general asset of `assetTypeId` by `createdById` and answers its id. */
export async function insertAsset(
  db: Db | Tx,
  values: AssetValues & { assetTypeId: AssetTypeId; createdById: number },
): Promise<number> {
  const [row] = await db
    .insert(assets)
    .values({ ...values, organizationId: null })
    .returning({ id: assets.id });
  return row!.id;
}

/** Sets name, description and image, and `updatedAt` to now. */
export async function updateAsset(db: Db | Tx, id: number, values: AssetValues): Promise<void> {
  await db
    .update(assets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(assets.id, id));
}

/**
 * Locks the asset row (`SELECT … FOR UPDATE`) for the rest of the transaction: a role or audio
 * row referencing it waits (its foreign-key check needs a share lock), so a delete that found the
 * asset unused does not race with a new use. Answers false when it does not exist.
 */
export async function lockAsset(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: assets.id })
    .from(assets)
    .where(eq(assets.id, id))
    .for('update');
  return row !== undefined;
}

/**
 * True when something uses the asset: an interview role or a question audio (as its avatar), an
 * assignment (as its environment) or an assignment role (as its avatar). One statement.
 */
export async function isAssetInUse(db: Db | Tx, id: number): Promise<boolean> {
  const uses = [
    sql`exists (select 1 from ${interviewRoles} where ${interviewRoles.avatarId} = ${id})`,
    sql`exists (select 1 from ${questionAudios} where ${questionAudios.avatarId} = ${id})`,
    sql`exists (select 1 from ${assignments} where ${assignments.environmentId} = ${id})`,
    sql`exists (select 1 from ${assignmentRoles} where ${assignmentRoles.avatarId} = ${id})`,
  ];
  const [row] = await db
    .select({ used: sql<boolean>`(${sql.join(uses, sql` or `)})` })
    .from(sql`(select 1) as one`);
  return row?.used === true;
}

/** Deletes the asset; its organization links go with it (cascade). */
export async function deleteAsset(db: Db | Tx, id: number): Promise<void> {
  await db.delete(assets).where(eq(assets.id, id));
}

/** Adds the asset to the organization; already added is fine. */
export async function addAssetToOrganization(
  db: Db | Tx,
  assetId: number,
  organizationId: number,
): Promise<void> {
  await db.insert(assetOrganizations).values({ assetId, organizationId }).onConflictDoNothing();
}

/** Removes the asset from the organization; not added is fine. */
export async function removeAssetFromOrganization(
  db: Db | Tx,
  assetId: number,
  organizationId: number,
): Promise<void> {
  await db
    .delete(assetOrganizations)
    .where(
      and(
        eq(assetOrganizations.assetId, assetId),
        eq(assetOrganizations.organizationId, organizationId),
      ),
    );
}
