/**
 * Organizations (000 §2.5, §2.9, §5, §6, §7 'Organizations'; decisions.md#users-organizations-seats): list, detail with counts and seat usage, create, update, seats, the active flag and
 * the member list. Admin only, except what staff may read of their own organization.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  MediaType,
  messages,
  type Action,
  type Actor,
  type CreateOrganizationBody,
  type OrganizationSeatsBody,
  type PageQuery,
  type UpdateOrganizationBody,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import { contacts, organizations, users, userTokens } from '../../db/schema/index.js';
import { ValidationError } from '../../errors.js';
import { loadAuthorized, requireAllowed } from '../../lib/load-authorized.js';
import { requireUsableFile, type FileUseDeps, type FilesDeps } from '../files/index.js';
import {
  findOrganization,
  findOrganizationDetail,
  listOrganizations,
  type OrganizationDetailRow,
  type OrganizationRow,
} from './repository.js';

/**
 * Loads an organization for `action` (`loadAuthorized`): 404 when missing or, for anyone but an
 * admin, another organization (000 §6: the two are indistinguishable); 403 when the policy refuses.
 */
export function loadOrganizationFor(
  db: Db,
  actor: Actor,
  id: number,
  action: Action,
): Promise<OrganizationRow> {
  return loadAuthorized(actor, action, findOrganization(db, id), (row) => ({
    organizationId: row.id,
  }));
}

/** GET /organizations (admin; 403 otherwise): one page with the counts of 000 §2.5. */
export async function listOrganizationsFor(db: Db, actor: Actor, query: PageQuery) {
  requireAllowed(actor, 'organization:list');
  return listOrganizations(db, query.page, query.pageSize);
}

/** GET /organizations/{id}: admin, or staff of that organization (404 for another one). */
export async function getOrganizationDetailFor(
  db: Db,
  actor: Actor,
  id: number,
): Promise<OrganizationDetailRow> {
  await loadOrganizationFor(db, actor, id, 'organization:read');
  return (await findOrganizationDetail(db, id))!;
}

/** Checks an image id given for an organization: a Ready image the admin may use (400 messages.failedToUploadImage). */
async function assertImage(
  deps: FileUseDeps,
  actor: Actor,
  imageId: number | null | undefined,
  current: number | null,
): Promise<void> {
  if (imageId === undefined || imageId === null || imageId === current) return;
  await requireUsableFile(deps, actor, imageId, MediaType.Image, messages.failedToUploadImage);
}

/**
 * POST /organizations (admin; 000 §2.9, §5): creates the contact and the organization in one
 * transaction and answers the detail. 400 for a bad image id.
 */
export async function createOrganization(
  deps: Pick<FilesDeps, 'db' | 'directUploads'>,
  actor: Actor,
  body: CreateOrganizationBody,
): Promise<OrganizationDetailRow> {
  const { db } = deps;
  requireAllowed(actor, 'organization:create');
  await assertImage(deps, actor, body.imageId, null);
  const id = await db.transaction(async (tx) => {
    const [contact] = await tx.insert(contacts).values(body.contact).returning({ id: contacts.id });
    const [created] = await tx
      .insert(organizations)
      .values({
        name: body.name,
        address: body.address,
        contactId: contact!.id,
        imageId: body.imageId ?? null,
        userSeats: body.userSeats,
        creatorSeats: body.creatorSeats,
      })
      .returning({ id: organizations.id });
    return created!.id;
  });
  return (await findOrganizationDetail(db, id))!;
}

const contactFields = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;

/**
 * True when `given` (a body's `contact`) would change the organization's contact: not an object,
 * or a field it names differs from the stored one (trimmed; the email ignoring case). Absent or
 * null is no change, and so is the unchanged contact the console sends back.
 */
function contactChanged(row: OrganizationRow, given: unknown): boolean {
  if (given === undefined || given === null) return false;
  if (typeof given !== 'object' || Array.isArray(given)) return true;
  const stored = {
    firstName: row.contactFirstName,
    lastName: row.contactLastName,
    email: row.contactEmail,
    phoneNumber: row.contactPhoneNumber,
  };
  const norm = (field: string, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : value;
    return field === 'email' && typeof text === 'string' ? text.toLowerCase() : (text ?? '');
  };
  return contactFields.some((field) => {
    const value = (given as Record<string, unknown>)[field];
    return value !== undefined && norm(field, value) !== norm(field, stored[field]);
  });
}

/**
 * PUT /organizations/{id} (admin): name, address and image. The contact is set at creation
 * (000 §2.9): a `contact` that differs from the stored one is a 400
 * (messages.contactSetAtCreation), the unchanged one is accepted; 400 for a bad image id.
 */
export async function updateOrganization(
  deps: Pick<FilesDeps, 'db' | 'directUploads'>,
  actor: Actor,
  id: number,
  body: UpdateOrganizationBody,
): Promise<OrganizationDetailRow> {
  const { db } = deps;
  const row = await loadOrganizationFor(db, actor, id, 'organization:update');
  if (contactChanged(row, body.contact))
    throw new ValidationError(messages.contactSetAtCreation, [
      { path: 'contact', message: messages.contactSetAtCreation },
    ]);
  await assertImage(deps, actor, body.imageId, row.imageId);
  await db
    .update(organizations)
    .set({
      name: body.name,
      address: body.address,
      ...(body.imageId !== undefined ? { imageId: body.imageId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, id));
  return (await findOrganizationDetail(db, id))!;
}

/** PUT /organizations/{id}/seats (admin): 0..10000 each; lowering below usage is allowed (decisions.md). */
export async function updateSeats(
  db: Db,
  actor: Actor,
  id: number,
  body: OrganizationSeatsBody,
): Promise<OrganizationDetailRow> {
  await loadOrganizationFor(db, actor, id, 'organization:updateSeats');
  await db
    .update(organizations)
    .set({ userSeats: body.userSeats, creatorSeats: body.creatorSeats, updatedAt: new Date() })
    .where(eq(organizations.id, id));
  return (await findOrganizationDetail(db, id))!;
}

/**
 * PUT /organizations/{id}/activate|deactivate (admin; decisions.md): members of an inactive
 * organization cannot sign in; deactivating also ends their sessions (token version of every
 * member bumped in the same transaction) and cancels their pending emailed links (reset, email
 * change), so reactivating revives neither.
 */
export async function setOrganizationActive(
  db: Db,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<OrganizationDetailRow> {
  await loadOrganizationFor(db, actor, id, 'organization:setActive');
  await db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({ active, updatedAt: new Date() })
      .where(eq(organizations.id, id));
    if (!active) {
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.organizationId, id));
      await tx
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            isNull(userTokens.usedAt),
            inArray(
              userTokens.userId,
              tx.select({ id: users.id }).from(users).where(eq(users.organizationId, id)),
            ),
          ),
        );
    }
  });
  return (await findOrganizationDetail(db, id))!;
}
