/** Counts over assignments: the instructor dashboard's numbers (000 §2.5). */
import { sql } from 'drizzle-orm';
import { AssignmentStatus, ContentStatus, ContentType, Role } from '@practica/contract';
import type { Db } from '../../db/client.js';
import { assignmentAnswerCounts, assignments, contents, users } from '../../db/schema/index.js';
import { scalar, withAnswerCounts } from './repository.js';

/**
 * The instructor dashboard's numbers (000 §2.5) for one organization, or all when undefined:
 * active trainees (not deleted), Active assignments and Submitted answers (of members not deleted:
 * the kept counts of migration 0008, summed over the organization's assignments), and the content
 * in Review awaiting approval, in all and per type (decisions.md#console-flows §7). One statement.
 */
export async function dashboardCounts(db: Db, organizationId: number | undefined) {
  const userOrg =
    organizationId !== undefined ? sql` and ${users.organizationId} = ${organizationId}` : sql``;
  const assignmentOrg =
    organizationId !== undefined
      ? sql` and ${assignments.organizationId} = ${organizationId}`
      : sql``;
  const [row] = await db
    .select({
      totalTrainees: scalar<number>(
        sql`(select count(*) from ${users} where ${users.roleId} = ${Role.Trainee} and ${users.active} and ${users.deletedAt} is null${userOrg})`,
      ).mapWith(Number),
      activeAssignments: scalar<number>(
        sql`(select count(*) from ${assignments} where ${assignments.statusId} = ${AssignmentStatus.Active}${assignmentOrg})`,
      ).mapWith(Number),
      pendingReview: scalar<number>(
        sql`(select coalesce(sum(${assignmentAnswerCounts.submitted}), 0) from ${assignmentAnswerCounts} inner join ${assignments} on ${withAnswerCounts}${organizationId !== undefined ? sql` where ${assignments.organizationId} = ${organizationId}` : sql``})`,
      ).mapWith(Number),
      ...awaitingApprovalColumns(organizationId),
    })
    .from(sql`(select 1) as one`);
  const { awaitingInterviews, awaitingRatingScales, awaitingFeedbackForms, ...counts } = row!;
  return {
    ...counts,
    awaitingApproval: awaitingInterviews + awaitingRatingScales + awaitingFeedbackForms,
    awaitingApprovalByType: {
      interviews: awaitingInterviews,
      ratingScales: awaitingRatingScales,
      feedbackForms: awaitingFeedbackForms,
    },
  };
}

/**
 * decisions.md#console-flows §7: columns counting the content in Review (awaiting approval) per content type, of one
 * organization or of all when undefined; scalar subqueries of the dashboard's one statement.
 */
function awaitingApprovalColumns(organizationId: number | undefined) {
  const org =
    organizationId !== undefined ? sql` and ${contents.organizationId} = ${organizationId}` : sql``;
  const inReview = (type: number) =>
    scalar<number>(
      sql`(select count(*) from ${contents} where ${contents.statusId} = ${ContentStatus.Review} and ${contents.contentTypeId} = ${type}${org})`,
    ).mapWith(Number);
  return {
    awaitingInterviews: inReview(ContentType.Interview),
    awaitingRatingScales: inReview(ContentType.RatingScale),
    awaitingFeedbackForms: inReview(ContentType.Feedback),
  };
}
