/**
 * The review inbox (decisions.md#review-loop §1 'One inbox across assignments'): every answer waiting for review
 * (status Submitted) that the caller may review, across assignments, oldest submission first.
 *
 *     GET /reviews/inbox?assignmentId&groupId&search&claim=mine|unclaimed&organizationId&page&pageSize
 *       → {list: [reviewInboxItem], count}
 *     GET /reviews/inbox/neighbors?answerId&<the same filters>
 *       → {previousId, nextId, nextWaitingId, position, count}
 *
 * Managers and Instructors see their organization's answers; an Admin names `organizationId`
 * (required for an Admin; another organization is a 404 for everyone else). Exports are prefixed
 * `reviewInbox…` so they never collide with other schemas.
 */
import { z } from 'zod';
import { messages } from '../messages';
import { idSchema, isoDateTimeSchema, pageQuery, searchSchema } from './common';

/** `claim`: `mine` (a live claim of the caller) or `unclaimed` (no live claim); absent: all. */
export const reviewInboxClaimValues = ['mine', 'unclaimed'] as const;
export type ReviewInboxClaim = (typeof reviewInboxClaimValues)[number];

/**
 * The inbox's filters, shared by the list and the neighbors call: assignmentId (404 when not
 * visible), groupId (the trainee is a member; 404 when not the organization's), search (the
 * trainee's first name, last name or email, 3 characters or more), claim, organizationId (an
 * Admin's required choice; others: their own, 404 for another).
 */
export const reviewInboxFilterSchema = z.object({
  assignmentId: idSchema.optional(),
  groupId: idSchema.optional(),
  search: searchSchema,
  claim: z.literal(reviewInboxClaimValues, { error: messages.reviewInboxClaimInvalid }).optional(),
  organizationId: idSchema.optional(),
});
export type ReviewInboxFilter = z.infer<typeof reviewInboxFilterSchema>;

/** GET /reviews/inbox query: the filters and the page (1-based; pageSize 25, 50 or 100, default 25). */
export const reviewInboxQuerySchema = pageQuery().extend(reviewInboxFilterSchema.shape);
export type ReviewInboxQuery = z.infer<typeof reviewInboxQuerySchema>;

/** GET /reviews/inbox/neighbors query: the answer whose neighbors are asked, and the filters. */
export const reviewInboxNeighborsQuerySchema = reviewInboxFilterSchema.extend({
  answerId: idSchema,
});
export type ReviewInboxNeighborsQuery = z.infer<typeof reviewInboxNeighborsQuerySchema>;

/** A person as the inbox names them. */
export const reviewInboxPersonSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
});

/** A live claim on an answer: who, since when, until when, and whether it is the caller's. */
export const reviewInboxClaimSchema = z.object({
  user: reviewInboxPersonSchema,
  claimedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  mine: z.boolean(),
});

/**
 * One answer waiting for review: its assignment, its trainee, when it was submitted, whether it
 * was reviewed before (it has an earlier review), and its live claim or null.
 */
export const reviewInboxItemSchema = z.object({
  answerId: z.number(),
  assignment: z.object({ id: z.number(), name: z.string() }),
  user: reviewInboxPersonSchema,
  submittedAt: isoDateTimeSchema,
  reviewedBefore: z.boolean(),
  claim: reviewInboxClaimSchema.nullable(),
});
export type ReviewInboxItem = z.infer<typeof reviewInboxItemSchema>;

/** GET /reviews/inbox data: one page and the total over all pages. */
export const reviewInboxListSchema = z.object({
  list: z.array(reviewInboxItemSchema),
  count: z.number(),
});
export type ReviewInboxList = z.infer<typeof reviewInboxListSchema>;

/**
 * GET /reviews/inbox/neighbors data: the answers before and after `answerId` in the inbox order
 * with the same filters, skipping answers another reviewer holds a live claim on (null at either
 * end); `nextWaitingId` where 'Submit and next' goes — `nextId`, else (after the last) the first
 * such answer of the inbox, across its pages and assignments, never `answerId` itself; null only
 * when no other answer is waiting that the caller may take —; `position` is the answer's 1-based
 * place in the inbox (null when it is not in it, e.g. just reviewed), `count` how many answers the
 * inbox holds (as the list's count).
 */
export const reviewInboxNeighborsSchema = z.object({
  previousId: z.number().nullable(),
  nextId: z.number().nullable(),
  nextWaitingId: z.number().nullable(),
  position: z.number().nullable(),
  count: z.number(),
});
export type ReviewInboxNeighbors = z.infer<typeof reviewInboxNeighborsSchema>;
