/**
 * Queries on content (001 §3 'Content', 'Questionnaire', 'Question', 'Interview role'; §7; decisions.md
 * 'Content'). A list page is one statement (rows, counts and the total); a questionnaire is the
 * content plus one statement each for its roles, questions, options and audio rows — never a
 * query per row. Functions take `Db` or a transaction handle. The roles, questions, options and
 * audio rows are read and written in question-repository.ts, re-exported here.
 */
import { and, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  AssignmentStatus,
  ContentStatus,
  Ownership,
  Scope,
  type ContentTypeId,
  type OwnershipId,
  type ScopeId,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  assignments,
  contentAnswers,
  contentOrganizations,
  contents,
  organizations,
  questions,
  users,
} from '../../db/schema/index.js';
import { readPage, windowTotal } from '../../db/paging.js';
import { likePattern } from '../../db/sql-helpers.js';

type Handle = Db | Tx;

// ---------------------------------------------------------------------------
// Content rows
// ---------------------------------------------------------------------------

export interface ContentRow {
  id: number;
  name: string;
  description: string;
  contentTypeId: number;
  statusId: number;
  organizationId: number | null;
  language: string;
  createdById: number | null;
  createdByFirstName: string | null;
  createdByLastName: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Why a reviewer returned it to Draft (decisions.md#console-flows §7), or null. */
  returnReason: string | null;
}

const contentColumns = {
  id: contents.id,
  name: contents.name,
  description: contents.description,
  contentTypeId: contents.contentTypeId,
  statusId: contents.statusId,
  organizationId: contents.organizationId,
  language: contents.language,
  createdById: contents.createdById,
  createdByFirstName: users.firstName,
  createdByLastName: users.lastName,
  createdAt: contents.createdAt,
  updatedAt: contents.updatedAt,
  returnReason: contents.returnReason,
};

/** SQL: the content row is general content added to `organizationId` (content_organizations). */
export function addedTo(organizationId: number): SQL {
  return sql`exists (select 1 from ${contentOrganizations} where ${contentOrganizations.contentId} = ${contents.id} and ${contentOrganizations.organizationId} = ${organizationId})`;
}

/**
 * SQL: scope Assignable of 001 §3 / decisions.md#content for `organizationId` — the
 * organization's own Active content plus the general Active content added to it.
 */
export function assignableTo(organizationId: number): SQL {
  return and(
    eq(contents.statusId, ContentStatus.Active),
    or(
      eq(contents.organizationId, organizationId),
      and(isNull(contents.organizationId), addedTo(organizationId)),
    ),
  )!;
}

export interface ContentWithAccess extends ContentRow {
  /** True when general content was added to the viewer's organization (false otherwise). */
  addedToViewer: boolean;
}

/**
 * The content with its author's names, and whether it was added to `viewerOrganizationId`
 * (general content reaches an organization only when added), or undefined. One statement.
 */
export async function findContent(
  db: Handle,
  id: number,
  viewerOrganizationId: number | null = null,
): Promise<ContentWithAccess | undefined> {
  const added =
    viewerOrganizationId === null
      ? sql<boolean>`false`
      : sql<boolean>`${addedTo(viewerOrganizationId)}`;
  const [row] = await db
    .select({ ...contentColumns, addedToViewer: added })
    .from(contents)
    .leftJoin(users, eq(users.id, contents.createdById))
    .where(eq(contents.id, id))
    .limit(1);
  return row ? { ...row, addedToViewer: row.addedToViewer === true } : undefined;
}

/**
 * Locks the content row (`SELECT … FOR UPDATE`) for the rest of the transaction, so concurrent
 * question writes and status changes run one after the other (the question limit, the Draft
 * check). Answers its status, type and organization, or undefined when it does not exist.
 */
export async function lockContent(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: contents.id,
      statusId: contents.statusId,
      contentTypeId: contents.contentTypeId,
      organizationId: contents.organizationId,
    })
    .from(contents)
    .where(eq(contents.id, id))
    .for('update');
  return row;
}

// ---------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------

export interface ContentListFilter {
  /** Content types listed (interviews: [1]; evaluations: [2, 3] or one of them). */
  contentTypeIds: readonly ContentTypeId[];
  /** The organization whose view is listed; null = general content (an admin without organization). */
  organizationId: number | null;
  /** Admin view: every general item counts as assigned, added or not (001 §2 admin's lists). */
  allGeneral: boolean;
  /** Ownership: Authored = the organization's own, Assigned = general content added to it, All = both. */
  authoring: OwnershipId;
  scope?: ScopeId | undefined;
  /** ContentStatus ids; undefined or containing All (6): every status but Deleted. */
  statuses?: readonly number[] | undefined;
  authoredBy?: number | undefined;
  search?: string | undefined;
  contentId?: number | undefined;
  page: number;
  pageSize: number;
}

export interface ContentListRow extends ContentRow {
  questionsCount: number;
  organizationName: string | null;
  /** Organizations the general item was added to (only the viewer's own unless `allGeneral`). */
  organizationIds: number[];
}

/** The WHERE of a content list (001 §7 filters; decisions.md scope Assignable). */
function listConditions(filter: ContentListFilter): SQL | undefined {
  const o = filter.organizationId;
  const own = o === null ? isNull(contents.organizationId) : eq(contents.organizationId, o);
  const general =
    o === null || filter.allGeneral
      ? isNull(contents.organizationId)
      : and(isNull(contents.organizationId), addedTo(o));
  const ownership =
    filter.authoring === Ownership.Authored
      ? own
      : filter.authoring === Ownership.Assigned
        ? general
        : or(own, general);
  let scope: SQL | undefined;
  if (filter.scope === Scope.General) scope = isNull(contents.organizationId);
  else if (filter.scope === Scope.Organization) scope = own;
  else if (filter.scope === Scope.Assignable) {
    scope =
      o === null
        ? and(isNull(contents.organizationId), eq(contents.statusId, ContentStatus.Active))
        : assignableTo(o);
  }
  const statuses = filter.statuses;
  const status =
    !statuses || statuses.length === 0 || statuses.includes(ContentStatus.All)
      ? ne(contents.statusId, ContentStatus.Deleted)
      : inArray(contents.statusId, [...statuses]);
  return and(
    inArray(contents.contentTypeId, [...filter.contentTypeIds]),
    ownership,
    scope,
    status,
    filter.authoredBy !== undefined ? eq(contents.createdById, filter.authoredBy) : undefined,
    filter.search ? ilike(contents.name, likePattern(filter.search)) : undefined,
    filter.contentId !== undefined ? eq(contents.id, filter.contentId) : undefined,
  );
}

/** Correlated count of the content's questions. */
const questionsCountSql =
  sql<number>`(select count(*) from ${questions} where ${questions.contentId} = ${contents.id})`.mapWith(
    Number,
  );

/** Correlated JSON array of the organizations the content was added to (one of them, or all). */
function organizationIdsSql(only: number | null) {
  const filter = only === null ? sql`` : sql` and ${contentOrganizations.organizationId} = ${only}`;
  return sql<
    number[] | string
  >`(select coalesce(json_agg(${contentOrganizations.organizationId} order by ${contentOrganizations.organizationId}), '[]'::json) from ${contentOrganizations} where ${contentOrganizations.contentId} = ${contents.id}${filter})`;
}

/** JSON from the driver: PostgreSQL's pg parses json, PGlite too; a string is parsed here. */
function jsonArray(value: number[] | string | null): number[] {
  if (value === null) return [];
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.map(Number) : [];
}

/**
 * One page of content by the filters of 001 §7, most recently edited first, each with its questions
 * count, owning organization's name and the organizations it was added to, and the total over all
 * pages — one statement (two when a page past the end comes back empty, `readPage`).
 */
export async function listContents(
  db: Handle,
  filter: ContentListFilter,
): Promise<{ rows: ContentListRow[]; count: number }> {
  const where = listConditions(filter);
  const { rows, count } = await readPage(filter, ({ limit, offset }) =>
    db
      .select({
        ...contentColumns,
        questionsCount: questionsCountSql,
        organizationName: organizations.name,
        organizationIds: organizationIdsSql(
          filter.allGeneral ? null : (filter.organizationId ?? -1),
        ),
        total: windowTotal(),
      })
      .from(contents)
      .leftJoin(users, eq(users.id, contents.createdById))
      .leftJoin(organizations, eq(organizations.id, contents.organizationId))
      .where(where)
      .orderBy(desc(contents.updatedAt), desc(contents.id))
      .limit(limit)
      .offset(offset),
  );
  return {
    rows: rows.map(({ organizationIds, ...row }) => ({
      ...row,
      organizationIds: jsonArray(organizationIds),
    })),
    count,
  };
}

// ---------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------

export interface NewContent {
  name: string;
  description: string;
  contentTypeId: ContentTypeId;
  organizationId: number | null;
  createdById: number;
  statusId?: number;
}

/** Inserts a Draft (unless `statusId`) content row, always English, and answers its id. */
export async function insertContent(db: Handle, values: NewContent): Promise<number> {
  const [row] = await db
    .insert(contents)
    .values({
      name: values.name,
      description: values.description,
      contentTypeId: values.contentTypeId,
      organizationId: values.organizationId,
      statusId: values.statusId ?? ContentStatus.Draft,
      createdById: values.createdById,
      updatedById: values.createdById,
    })
    .returning({ id: contents.id });
  return row!.id;
}

/** Sets name and description (when given), the editor, and `updatedAt` to now. */
export async function touchContent(
  db: Handle,
  id: number,
  updatedById: number,
  values: {
    name?: string;
    description?: string;
    statusId?: number;
    /** decisions.md#console-flows §7: the 'Return draft' reason; null clears it. */
    returnReason?: string | null;
  } = {},
): Promise<void> {
  await db
    .update(contents)
    .set({ ...values, updatedById, updatedAt: new Date() })
    .where(eq(contents.id, id));
}

/**
 * True when something outside the content's own rows refers to it — an assignment (any status)
 * or a review's content answers — so deleting it would break them. One statement.
 */
export async function isContentReferenced(db: Handle, contentId: number): Promise<boolean> {
  const [row] = await db
    .select({
      used: sql<boolean>`(exists (select 1 from ${assignments} where ${assignments.interviewId} = ${contentId} or ${assignments.ratingsId} = ${contentId} or ${assignments.feedbackId} = ${contentId}) or exists (select 1 from ${contentAnswers} where ${contentAnswers.contentId} = ${contentId}))`,
    })
    .from(sql`(select 1) as one`);
  return row?.used === true;
}

/**
 * decisions.md#content: an Active item returns to Draft only while no Active assignment uses it.
 * True when an Active assignment uses the content as its interview, rating scale or feedback form.
 * One statement.
 */
export async function isUsedByActiveAssignment(db: Handle, contentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.statusId, AssignmentStatus.Active),
        or(
          eq(assignments.interviewId, contentId),
          eq(assignments.ratingsId, contentId),
          eq(assignments.feedbackId, contentId),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Deletes the content; its roles, questions, options, audio rows and organization links go with it (cascade). */
export async function deleteContent(db: Handle, id: number): Promise<void> {
  await db.delete(contents).where(eq(contents.id, id));
}

/** Adds the general content to the organization; already added is fine. */
export async function addContentToOrganization(
  db: Handle,
  contentId: number,
  organizationId: number,
): Promise<void> {
  await db.insert(contentOrganizations).values({ contentId, organizationId }).onConflictDoNothing();
}

/** Removes the content from the organization; not added is fine. */
export async function removeContentFromOrganization(
  db: Handle,
  contentId: number,
  organizationId: number,
): Promise<void> {
  await db
    .delete(contentOrganizations)
    .where(
      and(
        eq(contentOrganizations.contentId, contentId),
        eq(contentOrganizations.organizationId, organizationId),
      ),
    );
}

// Roles, questions, options and audio rows: question-repository.ts.
export * from './question-repository.js';
