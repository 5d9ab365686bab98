/**
 * Queries on organizations (000 §2.5, §2.9, §7 'Organizations'; decisions.md#users-organizations-seats). Counts are correlated subqueries of the same statement: one statement
 * per page or per organization, never a query per row.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { ContentStatus, ContentType, Role } from '@practica/contract';
import { readPage, windowTotal } from '../../db/paging.js';
import { QueryShape } from '../../db/query-shape.js';
import type { Db, Tx } from '../../db/client.js';
import {
  contacts,
  contents,
  files,
  groups,
  invites,
  organizationTraineeCounts,
  organizations,
  users,
} from '../../db/schema/index.js';

/** SQL: the invite row is pending — not accepted and not expired (decisions.md#sessions-and-tokens). */
export const invitePending: SQL = sql`(${invites.acceptedAt} is null and ${invites.expirationDate} > now())`;

/** Correlated count of the organization's groups. */
const groupsCountSql =
  sql<number>`(select count(*) from ${groups} where ${groups.organizationId} = ${organizations.id})`.mapWith(
    Number,
  );

/** Correlated count of the organization's members with `roleId`, not soft-deleted (and active when `activeOnly`). */
function membersCountSql(roleId: number, activeOnly: boolean) {
  const active = activeOnly ? sql` and ${users.active}` : sql``;
  return sql<number>`(select count(*) from ${users} where ${users.organizationId} = ${organizations.id} and ${users.roleId} = ${roleId} and ${users.deletedAt} is null${active})`.mapWith(
    Number,
  );
}

/** Correlated count of the organization's creators (creator flag, not soft-deleted). */
const creatorsCountSql =
  sql<number>`(select count(*) from ${users} where ${users.organizationId} = ${organizations.id} and ${users.creator} and ${users.deletedAt} is null)`.mapWith(
    Number,
  );

/** Correlated count of the organization's pending invites, all roles or one role. */
function pendingInvitesCountSql(roleId?: number) {
  const role = roleId !== undefined ? sql` and ${invites.roleId} = ${roleId}` : sql``;
  return sql<number>`(select count(*) from ${invites} where ${invites.organizationId} = ${organizations.id} and ${invitePending}${role})`.mapWith(
    Number,
  );
}

/**
 * Correlated count of the organization's own interviews that are not Deleted (000 §2.5; general
 * interviews added to it are not counted).
 */
const interviewsCountSql =
  sql<number>`(select count(*) from ${contents} where ${contents.organizationId} = ${organizations.id} and ${contents.contentTypeId} = ${ContentType.Interview} and ${contents.statusId} <> ${ContentStatus.Deleted})`.mapWith(
    Number,
  );

export interface OrganizationListRow {
  id: number;
  name: string;
  active: boolean;
  imageId: number | null;
  imageKey: string | null;
  userSeats: number;
  creatorSeats: number;
  groupsCount: number;
  traineesCount: number;
  interviewsCount: number;
}

/**
 * One page of organizations ordered by name (ignoring case) then id, each with its counts of
 * groups, active trainees (kept by triggers: organizationTraineeCounts) and interviews, and the
 * total over all pages — one statement (two past the last page, `readPage`), prepared once.
 */
export async function listOrganizations(
  db: Db,
  page: number,
  pageSize: number,
): Promise<{ rows: OrganizationListRow[]; count: number }> {
  const list = new QueryShape('organizations.list').prepared(db, (name) => {
    const byName = [asc(sql`lower(${organizations.name})`), asc(organizations.id)];
    // The page's ids and the total first (the name index and the small organizations table
    // alone), then the joins and counts for the page's rows only.
    const page = db
      .select({ id: organizations.id, total: windowTotal().as('total') })
      .from(organizations)
      .orderBy(...byName)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return db
      .select({
        id: organizations.id,
        name: organizations.name,
        active: organizations.active,
        imageId: organizations.imageId,
        imageKey: files.storageKey,
        userSeats: organizations.userSeats,
        creatorSeats: organizations.creatorSeats,
        groupsCount: groupsCountSql,
        traineesCount:
          sql<number>`coalesce(${organizationTraineeCounts.activeTrainees}, 0)`.mapWith(Number),
        interviewsCount: interviewsCountSql,
        total: sql<number>`${page.total}`.mapWith(Number),
      })
      .from(page)
      .innerJoin(organizations, eq(organizations.id, page.id))
      .leftJoin(files, eq(files.id, organizations.imageId))
      .leftJoin(
        organizationTraineeCounts,
        eq(organizationTraineeCounts.organizationId, organizations.id),
      )
      .orderBy(...byName)
      .prepare(name);
  });
  return readPage({ page, pageSize }, (window) => list.execute(window));
}

export interface OrganizationRow {
  id: number;
  name: string;
  address: string;
  contactId: number | null;
  contactFirstName: string | null;
  contactLastName: string | null;
  contactEmail: string | null;
  contactPhoneNumber: string | null;
  imageId: number | null;
  imageKey: string | null;
  userSeats: number;
  creatorSeats: number;
  active: boolean;
}

export interface OrganizationDetailRow extends OrganizationRow {
  groupsCount: number;
  traineesCount: number;
  instructorsCount: number;
  managersCount: number;
  creatorsCount: number;
  interviewsCount: number;
  pendingInvitesCount: number;
  pendingTraineeInvitesCount: number;
}

const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  address: organizations.address,
  contactId: organizations.contactId,
  contactFirstName: contacts.firstName,
  contactLastName: contacts.lastName,
  contactEmail: contacts.email,
  contactPhoneNumber: contacts.phoneNumber,
  imageId: organizations.imageId,
  imageKey: files.storageKey,
  userSeats: organizations.userSeats,
  creatorSeats: organizations.creatorSeats,
  active: organizations.active,
};

/** The organization with its contact and image key, or undefined. One statement. */
export async function findOrganization(
  db: Db | Tx,
  id: number,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select(organizationColumns)
    .from(organizations)
    .leftJoin(contacts, eq(contacts.id, organizations.contactId))
    .leftJoin(files, eq(files.id, organizations.imageId))
    .where(eq(organizations.id, id))
    .limit(1);
  return row;
}

/** The organization with its contact, image key and every count of the detail page, or undefined. One statement. */
export async function findOrganizationDetail(
  db: Db | Tx,
  id: number,
): Promise<OrganizationDetailRow | undefined> {
  const [row] = await db
    .select({
      ...organizationColumns,
      groupsCount: groupsCountSql,
      traineesCount: membersCountSql(Role.Trainee, true),
      instructorsCount: membersCountSql(Role.Instructor, false),
      managersCount: membersCountSql(Role.Manager, false),
      creatorsCount: creatorsCountSql,
      interviewsCount: interviewsCountSql,
      pendingInvitesCount: pendingInvitesCountSql(),
      pendingTraineeInvitesCount: pendingInvitesCountSql(Role.Trainee),
    })
    .from(organizations)
    .leftJoin(contacts, eq(contacts.id, organizations.contactId))
    .leftJoin(files, eq(files.id, organizations.imageId))
    .where(eq(organizations.id, id))
    .limit(1);
  return row;
}

/**
 * Locks the organization row (`SELECT … FOR UPDATE`) for the rest of the transaction, so seat
 * checks of concurrent invites and accepts run one after the other. Answers its seats and
 * active flag, or undefined when it does not exist.
 */
export async function lockOrganization(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: organizations.id,
      userSeats: organizations.userSeats,
      creatorSeats: organizations.creatorSeats,
      active: organizations.active,
    })
    .from(organizations)
    .where(eq(organizations.id, id))
    .for('update');
  return row;
}

/**
 * Trainee seat usage of an organization (000 §2.5, decisions.md): active, not deleted trainees,
 * and pending (not accepted, not expired) trainee invites. One statement.
 */
export async function traineeSeatUsage(
  db: Db | Tx,
  organizationId: number,
): Promise<{ activeTrainees: number; pendingTraineeInvites: number }> {
  const [row] = await db
    .select({
      activeTrainees:
        sql<number>`(select count(*) from ${users} where ${users.organizationId} = ${organizationId} and ${users.roleId} = ${Role.Trainee} and ${users.active} and ${users.deletedAt} is null)`.mapWith(
          Number,
        ),
      pendingTraineeInvites:
        sql<number>`(select count(*) from ${invites} where ${invites.organizationId} = ${organizationId} and ${invites.roleId} = ${Role.Trainee} and ${invitePending})`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
  return row ?? { activeTrainees: 0, pendingTraineeInvites: 0 };
}
