/**
 * POST /invites/batch, the CSV import of invites (decisions.md#insights-and-administration §2; 000 §2.7 invite rules, decisions.md
 * seats). One call takes up to `inviteBatchMaxRows` rows of one organization:
 * - an email that is a user's of the organization is skipped (`messages.importUserExists`), never
 *   an error, so a file sent again after some people registered goes through; for an Admin, any
 *   user's email is (an Admin sees every organization);
 * - a Manager learns nothing of people outside the organization: another organization's user's
 *   email (or an Admin's) is planned, sent and answered exactly as an address nobody uses — a new
 *   invite, mailed — so neither the dry run nor sending tells the two apart (registering from that
 *   invite answers 'A user with this email address already exists!' to the link's holder only);
 * - an email with an open (not accepted) invite of the organization is re-sent — exactly GET
 *   /invites/{id}/resend (`sendInvites`): 7 more days, a new link, the mail again — so sending the
 *   same file twice never duplicates an invite; the existing invite keeps its role, names and group;
 * - every other row is a new invite, as POST /invites creates one.
 * Sending is one transaction under the organization's row lock with a fixed number of statements
 * whatever the number of rows; the batch's trainee seat need (new trainee invites and expired
 * trainee invites renewed) is checked whole against the free trainee seats: more than free is a
 * 409 and nothing is written. `dryRun` answers the same plan and writes nothing.
 */
import {
  Role,
  format,
  messages,
  type Actor,
  type ErrorDetail,
  type InviteBatchBody,
  type InviteBatchResult,
  type InviteBatchRow,
  type InviteBatchRowStatus,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { loadOrganizationFor, lockOrganization, traineeSeatUsage } from '../organizations/index.js';
import { inviteExpired } from './presenter.js';
import {
  groupIdsOfOrganization,
  insertInvites,
  openInvitesForEmails,
  userEmailsAmong,
  type InviteRow,
} from './repository.js';
import { newInviteExpiry, sendInvites, type InvitesDeps } from './service.js';

/** The organization a batch goes to, as authorized before its body was read. */
export interface BatchOrganization {
  id: number;
  name: string;
  userSeats: number;
  active: boolean;
}

/**
 * Who may import into organization `organizationId` (policy `invite:import`): an admin any
 * organization, a manager its own. Throws 404 for a missing organization or another one (before
 * any role check, as every scoped call), 403 for the other roles. Answers the organization.
 */
export function authorizeBatch(
  db: Db,
  actor: Actor,
  organizationId: number,
): Promise<BatchOrganization> {
  return loadOrganizationFor(db, actor, organizationId, 'invite:import');
}

/** What sending will do with one row, with the open invite it re-sends. */
interface PlannedRow {
  index: number;
  row: InviteBatchRow;
  status: InviteBatchRowStatus;
  existing: InviteRow | undefined;
}

interface Plan {
  rows: PlannedRow[];
  seats: { free: number; needed: number };
}

const reasons: Record<InviteBatchRowStatus, string | null> = {
  create: null,
  resend: messages.importPendingInvite,
  skip: messages.importUserExists,
};

/**
 * The row problems the body's schema cannot see, as a 400 (details `rows.<i>.<field>`): an email
 * already on an earlier row (`format.importDuplicateEmail`, its 1-based row number in `rows`; the
 * schema lower-cases emails, so this ignores case) and a group that is not the organization's
 * (`format.importGroupIdUnknown`; 400 on the row rather than POST /invites' 404, so the file's
 * other problems are listed with it — either way nothing of another organization is revealed).
 * One statement (the groups).
 */
async function checkRows(
  db: Db,
  organizationId: number,
  rows: readonly InviteBatchRow[],
): Promise<void> {
  const details: ErrorDetail[] = [];
  const firstRow = new Map<string, number>();
  rows.forEach((row, index) => {
    const first = firstRow.get(row.email);
    if (first === undefined) firstRow.set(row.email, index);
    else
      details.push({
        path: `rows.${index}.email`,
        message: format.importDuplicateEmail(first + 1),
      });
  });
  const groupIds = [...new Set(rows.flatMap((row) => (row.groupId == null ? [] : [row.groupId])))];
  const known = await groupIdsOfOrganization(db, organizationId, groupIds);
  rows.forEach((row, index) => {
    if (row.groupId != null && !known.has(row.groupId))
      details.push({
        path: `rows.${index}.groupId`,
        message: format.importGroupIdUnknown(row.groupId),
      });
  });
  if (details.length > 0) {
    details.sort((a, b) => rowOf(a.path) - rowOf(b.path));
    throw new ValidationError(details[0]!.message, details);
  }
}

const rowOf = (path: string) => Number(path.split('.')[1]);

/**
 * Of the users found by email (email → organization id, null for an admin), those whose existence
 * `actor` may learn from a batch into `organizationId`: all of them for an Admin, the
 * organization's own (deleted ones too, which its Manager lists) for anyone else.
 */
function knownUsers(
  actor: Actor,
  organizationId: number,
  found: ReadonlyMap<string, number | null>,
): Set<string> {
  if (actor.roleId === Role.Admin) return new Set(found.keys());
  return new Set([...found].flatMap(([email, org]) => (org === organizationId ? [email] : [])));
}

/**
 * What sending `rows` would do now (three statements): skip the emails of the users `actor` may
 * know of (`knownUsers`), re-send the newest open invite of the organization for an email, create
 * the rest; and the trainee seats free (`userSeats` − active trainees − pending trainee invites,
 * at least 0) against those the batch needs (new trainee invites, and re-sent trainee invites that
 * had expired, since a pending one already holds its seat). `lock`: lock the open invites it
 * re-sends (when sending).
 */
async function planBatch(
  db: Db | Tx,
  actor: Actor,
  organization: { id: number; userSeats: number },
  rows: readonly InviteBatchRow[],
  { lock }: { lock: boolean },
): Promise<Plan> {
  const emails = rows.map((row) => row.email);
  const users = knownUsers(actor, organization.id, await userEmailsAmong(db, emails));
  const open = await openInvitesForEmails(db, organization.id, emails, { lock });
  const usage = await traineeSeatUsage(db, organization.id);
  const newestOpen = new Map<string, InviteRow>();
  for (const invite of open)
    if (!newestOpen.has(invite.email)) newestOpen.set(invite.email, invite);
  const now = new Date();
  let needed = 0;
  const planned = rows.map((row, index): PlannedRow => {
    const existing = users.has(row.email) ? undefined : newestOpen.get(row.email);
    const status: InviteBatchRowStatus = users.has(row.email)
      ? 'skip'
      : existing
        ? 'resend'
        : 'create';
    if (status === 'create' && row.roleId === Role.Trainee) needed += 1;
    if (existing && existing.roleId === Role.Trainee && inviteExpired(existing, now)) needed += 1;
    return { index, row, status, existing };
  });
  const free = Math.max(
    0,
    organization.userSeats - usage.activeTrainees - usage.pendingTraineeInvites,
  );
  return { rows: planned, seats: { free, needed } };
}

/** The answer for `plan`; `ids`: the invite id of each sent row by email (none on a dry run). */
function resultOf(
  plan: Plan,
  dryRun: boolean,
  ids: ReadonlyMap<string, number> = new Map(),
): InviteBatchResult {
  const count = (status: InviteBatchRowStatus) =>
    plan.rows.filter((p) => p.status === status).length;
  return {
    dryRun,
    rows: plan.rows.map((p) => ({
      index: p.index,
      email: p.row.email,
      status: p.status,
      reason: reasons[p.status],
      inviteId: ids.get(p.row.email) ?? null,
    })),
    created: count('create'),
    resent: count('resend'),
    skipped: count('skip'),
    seats: plan.seats,
  };
}

/**
 * POST /invites/batch for `organization` (authorized by `authorizeBatch`) with a body the schema
 * validated. 400 for duplicate emails or foreign groups (`checkRows`) and for an inactive
 * organization; 409 `format.importSeatsExceeded(free, needed)` when the trainee rows need more
 * seats than are free (the envelope's data is the plan, as a dry run answers it) and nothing is
 * written. `dryRun`: answers the plan, writes nothing. Otherwise sends in one transaction under the
 * organization's row lock: the plan (four statements with the lock), one insert of the new
 * invites, then `sendInvites` (renewals, links, mails: five) — eleven statements with the groups'
 * check, whatever the number of rows. Answers the result with its message.
 */
export async function importInvites(
  deps: InvitesDeps,
  actor: Actor,
  organization: BatchOrganization,
  body: InviteBatchBody,
): Promise<{ result: InviteBatchResult; message: string }> {
  const { db } = deps;
  if (!organization.active) throw new ValidationError(messages.organizationInactive);
  await checkRows(db, organization.id, body.rows);
  if (body.dryRun) {
    const result = resultOf(
      await planBatch(db, actor, organization, body.rows, { lock: false }),
      true,
    );
    const { free, needed } = result.seats;
    return {
      result,
      message:
        needed > free
          ? format.importSeatsExceeded(free, needed)
          : format.invitesImportPreview(result.created, result.resent, result.skipped),
    };
  }
  const result = await db.transaction(async (tx) => {
    const locked = await lockOrganization(tx, organization.id);
    if (!locked) throw new NotFoundError();
    if (!locked.active) throw new ValidationError(messages.organizationInactive);
    const plan = await planBatch(tx, actor, locked, body.rows, { lock: true });
    if (plan.seats.needed > plan.seats.free)
      throw new ConflictError(
        format.importSeatsExceeded(plan.seats.free, plan.seats.needed),
        resultOf(plan, true),
      );
    const expirationDate = newInviteExpiry();
    const creating = plan.rows.filter((p) => p.status === 'create').map((p) => p.row);
    const inserted = await insertInvites(
      tx,
      creating.map((row) => ({ ...row, groupId: row.groupId ?? null })),
      { organizationId: organization.id, createdById: actor.id, expirationDate },
    );
    const ids = new Map(inserted.map((r) => [r.email, r.id]));
    const renew = plan.rows.flatMap((p) => (p.existing ? [p.existing] : []));
    for (const invite of renew) ids.set(invite.email, invite.id);
    await sendInvites(tx, deps.publicUrl, {
      renew: renew.map((invite) => invite.id),
      created: creating.map((row) => ({
        id: ids.get(row.email)!,
        email: row.email,
        firstName: row.firstName,
        roleId: row.roleId,
        organizationName: organization.name,
      })),
    });
    return resultOf(plan, false, ids);
  });
  return {
    result,
    message: format.invitesImported(result.created, result.resent, result.skipped),
  };
}
