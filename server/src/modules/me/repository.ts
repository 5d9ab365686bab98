/**
 * Queries of the trainees' mobile API (decisions.md#assignments-and-answers): my assignments with
 * my answer. A page is one statement (counts as correlated subqueries, the total as a window count);
 * one assignment for practice is the composition module's read.
 */
import { and, desc, eq, gte, isNull, ne, or, sql } from 'drizzle-orm';
import { AnswerStatus, AssignmentStatus } from '@practica/contract';
import type { Db } from '../../db/client.js';
import { readPage, windowTotal, type Paging } from '../../db/paging.js';
import { answerItems, answers, assignments, questions } from '../../db/schema/index.js';

export interface MyAssignmentRow {
  id: number;
  name: string;
  description: string;
  startDate: string | null;
  closeDate: string | null;
  questionsCount: number;
  answeredCount: number;
  answerId: number;
  answerStatusId: number;
  practiceCounter: number;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  score: number | null;
}

/**
 * One page of the Active assignments of my organization that I am a trainee on, the nearest due
 * date first, with my answer, the interview's question count and how many of them I answered; and
 * the total. While my answer is Pending only those whose due date (`today`, `YYYY-MM-DD`, included)
 * has not passed; once I submitted, also those past it. One statement (two for a page past the
 * last: `readPage`).
 */
export async function listMyAssignments(
  db: Db,
  me: { id: number; organizationId: number },
  today: string,
  paging: Paging,
): Promise<{ rows: MyAssignmentRow[]; count: number }> {
  const where = and(
    eq(answers.userId, me.id),
    eq(assignments.organizationId, me.organizationId),
    eq(assignments.statusId, AssignmentStatus.Active),
    or(
      isNull(assignments.closeDate),
      gte(assignments.closeDate, today),
      ne(answers.statusId, AnswerStatus.Pending),
    ),
  );
  return readPage(paging, ({ limit, offset }) =>
    db
      .select({
        id: assignments.id,
        name: assignments.name,
        description: assignments.description,
        startDate: assignments.startDate,
        closeDate: assignments.closeDate,
        questionsCount:
          sql<number>`(select count(*) from ${questions} where ${questions.contentId} = ${assignments.interviewId})`.mapWith(
            Number,
          ),
        answeredCount:
          sql<number>`(select count(*) from ${answerItems} where ${answerItems.answerId} = ${answers.id} and ${answerItems.fileId} is not null)`.mapWith(
            Number,
          ),
        answerId: answers.id,
        answerStatusId: answers.statusId,
        practiceCounter: answers.practiceCounter,
        submittedAt: answers.submittedAt,
        reviewedAt: answers.reviewedAt,
        score: answers.score,
        total: windowTotal(),
      })
      .from(answers)
      .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
      .where(where)
      .orderBy(sql`${assignments.closeDate} asc nulls last`, desc(assignments.id))
      .limit(limit)
      .offset(offset),
  );
}
