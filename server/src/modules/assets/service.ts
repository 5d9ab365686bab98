/**
 * Avatars and environments (001 §2 'Avatars and environments', §3 'Asset', §6, §7 '/assets').
 * Admins manage them (create, edit, delete, add to and remove from organizations); staff of an
 * organization read the assets available to it: its own and the general ones added to it
 * (decisions.md#content, read for assets). Anything else of another organization answers 404,
 * the same as a missing asset; then the contract's policy decides (403).
 */
import {
  MediaType,
  Role,
  assetDeleteFailedMessages,
  assetFormSchema,
  assetTypeLabels,
  format,
  imageMaxBytes,
  messages,
  type Action,
  type Actor,
  type Asset,
  type AssetBody,
  type AssetForm,
  type AssetListQuery,
  type AssetTypeId,
  type ListData,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError, TooLargeError, ValidationError } from '../../errors.js';
import { loadAuthorized, requireAllowed } from '../../lib/load-authorized.js';
import {
  requireUsableFile,
  type FileUrlDeps,
  type FileUseDeps,
  type FilesDeps,
} from '../files/index.js';
import { findOrganization } from '../organizations/index.js';
import { presentAsset } from './presenter.js';
import {
  addAssetToOrganization,
  deleteAsset,
  findAsset,
  insertAsset,
  isAssetInUse,
  isAvailableTo,
  listAssets,
  lockAsset,
  organizationIdsOf,
  removeAssetFromOrganization,
  updateAsset,
  type AssetRow,
} from './repository.js';

const isAdmin = (actor: Actor) => actor.roleId === Role.Admin;

/**
 * Presents rows with the organizations they were added to: all for an admin, the viewer's own
 * otherwise; image URLs signed with `urls`.
 */
async function presentAll(
  { db, urls }: FileUrlDeps,
  actor: Actor,
  rows: readonly AssetRow[],
): Promise<Asset[]> {
  if (!isAdmin(actor) && actor.organizationId === null) {
    return rows.map((row) => presentAsset(urls, row, []));
  }
  const only = isAdmin(actor) ? undefined : actor.organizationId!;
  const ids = await organizationIdsOf(
    db,
    rows.map((r) => r.id),
    only,
  );
  return rows.map((row) => presentAsset(urls, row, ids.get(row.id) ?? []));
}

/** One asset as the actor may see it (see `presentAll`). */
async function presentOne(deps: FileUrlDeps, actor: Actor, row: AssetRow): Promise<Asset> {
  return (await presentAll(deps, actor, [row]))[0]!;
}

/**
 * Loads an asset for `action` (`loadAuthorized`): 404 when missing or, for anyone but an admin, not
 * available to the actor's organization (neither its own nor a general one added to it); 403 when
 * the policy refuses (trainees; writes by anyone but an admin). The "added" lookup runs only for a
 * general asset and an actor with an organization.
 */
export function loadAssetFor(db: Db, actor: Actor, id: number, action: Action): Promise<AssetRow> {
  const org = actor.organizationId;
  return loadAuthorized(actor, action, findAsset(db, id), async (row) => ({
    organizationId: row.organizationId,
    availableToActor:
      row.organizationId === null && org !== null && (await isAvailableTo(db, row.id, org)),
  }));
}

/** Pages when the query asks for it (`page` or `pageSize`); otherwise undefined (the whole list). */
function pagingOf(query: Pick<AssetListQuery, 'page' | 'pageSize'>) {
  if (query.page === undefined && query.pageSize === undefined) return undefined;
  return { page: query.page ?? 1, pageSize: query.pageSize ?? 25 };
}

/**
 * GET /assets?typeId= (001 §7): an admin gets every asset of the kind; other staff the assets
 * available to their organization (its own and the general ones added to it); trainees 403.
 * Ordered by name; paged only when `page` or `pageSize` is given.
 */
export async function listAssetsFor(
  deps: FileUrlDeps,
  actor: Actor,
  query: AssetListQuery,
): Promise<ListData<Asset>> {
  const { db } = deps;
  requireAllowed(actor, 'asset:read');
  if (!isAdmin(actor) && actor.organizationId === null) return { list: [], count: 0 };
  const { rows, count } = await listAssets(db, {
    typeId: query.typeId,
    availableTo: isAdmin(actor) ? undefined : actor.organizationId!,
    paging: pagingOf(query),
  });
  return { list: await presentAll(deps, actor, rows), count };
}

/**
 * GET /organizations/{id}/assets?type= (001 §2 'Organization content views'): the assets available
 * to the organization — its own and the general ones added to it — ordered by name. The caller
 * has checked that the actor may read the organization.
 */
export async function listOrganizationAssets(
  deps: FileUrlDeps,
  actor: Actor,
  organizationId: number,
  typeId?: AssetTypeId,
): Promise<ListData<Asset>> {
  const { rows, count } = await listAssets(deps.db, { typeId, availableTo: organizationId });
  return { list: await presentAll(deps, actor, rows), count };
}

/** GET /assets/{id}: 404 when not available to the actor's organization, 403 for trainees. */
export async function getAssetFor(deps: FileUrlDeps, actor: Actor, id: number): Promise<Asset> {
  return presentOne(deps, actor, await loadAssetFor(deps.db, actor, id, 'asset:read'));
}

/**
 * Applies 001 §5 to a body for an asset of `type`: 'Avatar name is required!' or 'Environment
 * title is required!', then the image (400 messages.failedToUploadImage). Throws ValidationError
 * with the field messages.
 */
function parseBody(type: AssetTypeId, body: AssetBody): AssetForm {
  const parsed = assetFormSchema(type).safeParse(body);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new ValidationError(details[0]?.message ?? messages.validationFailed, details);
}

/**
 * The image of an asset: a Ready image file (000 §5: at most 300 KB). 400 'Failed to upload
 * image!' for anything else, 413 'File size exceeds 300KB…' for a stored file over the limit.
 */
async function assertImage(deps: FileUseDeps, actor: Actor, imageId: number): Promise<void> {
  const file = await requireUsableFile(
    deps,
    actor,
    imageId,
    MediaType.Image,
    messages.failedToUploadImage,
  );
  if ((file.size ?? 0) > imageMaxBytes) throw new TooLargeError(messages.imageTooLarge);
}

/**
 * POST /assets/{type} (admin; type 1 avatar, 2 environment): creates a general asset with the
 * admin as its author. 403 for anyone else; 400 with the 001 §5 messages; 400 for an image that
 * is not a Ready image upload.
 */
export async function createAsset(
  deps: Pick<FilesDeps, 'db' | 'directUploads' | 'urls'>,
  actor: Actor,
  type: AssetTypeId,
  body: AssetBody,
): Promise<Asset> {
  const { db } = deps;
  requireAllowed(actor, 'asset:manage', { organizationId: null });
  const form = parseBody(type, body);
  await assertImage(deps, actor, form.imageId);
  const id = await insertAsset(db, { ...form, assetTypeId: type, createdById: actor.id });
  return presentOne(deps, actor, (await findAsset(db, id))!);
}

/**
 * PUT /assets/{id} (admin): name, description and image; the kind stays. 404 missing (or not
 * available to a non-admin's organization), 403 for anyone but an admin, 400 as for a create
 * (an unchanged image id is not checked again).
 */
export async function updateAssetFor(
  deps: Pick<FilesDeps, 'db' | 'directUploads' | 'urls'>,
  actor: Actor,
  id: number,
  body: AssetBody,
): Promise<Asset> {
  const { db } = deps;
  const row = await loadAssetFor(db, actor, id, 'asset:manage');
  const form = parseBody(row.assetTypeId as AssetTypeId, body);
  if (form.imageId !== row.imageId) await assertImage(deps, actor, form.imageId);
  await updateAsset(db, id, form);
  return presentOne(deps, actor, (await findAsset(db, id))!);
}

/**
 * DELETE /assets/{id} (admin): removes the asset and its organization links. 409 ('Failed to
 * delete avatar!' / messages.failedToDeleteEnvironment) while an interview role, a question audio,
 * an assignment or an assignment role uses it; the check and the delete run in one transaction
 * with the asset row locked.
 */
export async function deleteAssetFor(db: Db, actor: Actor, id: number): Promise<void> {
  const row = await loadAssetFor(db, actor, id, 'asset:manage');
  await db.transaction(async (tx) => {
    if (!(await lockAsset(tx, id))) throw new NotFoundError();
    if (await isAssetInUse(tx, id)) {
      throw new ConflictError(assetDeleteFailedMessages[row.assetTypeId as AssetTypeId]);
    }
    await deleteAsset(tx, id);
  });
}

/**
 * PUT /assets/{id}/add|remove/{organizationId} (admin; 001 §2 'Organization content views'):
 * makes a general asset available to the organization, or no longer. Idempotent. 404 for a
 * missing asset or organization, 403 for anyone but an admin, 409 for an asset that belongs to an
 * organization (only general assets are shared). Answers the asset and the message of 001 §8
 * ('Avatar added organization!', 'Environment removed organization!').
 */
export async function setAssetOrganization(
  deps: FileUrlDeps,
  actor: Actor,
  id: number,
  organizationId: number,
  added: boolean,
): Promise<{ asset: Asset; message: string }> {
  const { db } = deps;
  const row = await loadAssetFor(db, actor, id, 'asset:addToOrganization');
  if (!(await findOrganization(db, organizationId))) throw new NotFoundError();
  if (row.organizationId !== null) throw new ConflictError(messages.conflict);
  if (added) await addAssetToOrganization(db, id, organizationId);
  else await removeAssetFromOrganization(db, id, organizationId);
  const label = assetTypeLabels[row.assetTypeId as AssetTypeId];
  return {
    asset: await presentOne(deps, actor, row),
    message: added
      ? format.assetAddedToOrganization(label)
      : format.assetRemovedFromOrganization(label),
  };
}
