/**
 * Report export (001 §9): loads the assignment's Reviewed answers (with their data) and its rating
 * scale and feedback form questions, builds the table, writes the .xlsx and downloads it.
 */
import {
  AnswerStatus,
  answerListSchema,
  answersDefaultPageSize,
  type AnswerListItem,
  assignmentDetailSchema,
  messages,
} from '@practica/contract';
import { api } from '@shared/lib/api-client';
import { toast } from '@shared/lib/toast';
import { buildReport, reportFileName, type ReportTable } from '../build-report';
import { downloadBlob } from '../../../lib/download';
import { preloadXlsxWriter, writeReport } from '../write-report';

/** How many answer pages are fetched at once after the first (the server works on one at a time). */
export const pageConcurrency = 4;

/** One page of the assignment's Reviewed answers with their data. */
function reviewedAnswersPage(assignmentId: number, page: number, signal: AbortSignal) {
  return api.get('/assignments/answers', {
    query: {
      assignmentId,
      status: AnswerStatus.Reviewed,
      includes: 'answers',
      page,
      pageSize: answersDefaultPageSize,
    },
    schema: answerListSchema,
    signal,
  });
}

/**
 * Every Reviewed answer of the assignment with its data, in the server's order. The first page
 * gives the count; the other pages are then fetched `pageConcurrency` at a time (2,000 answers
 * are 20 pages of 100: one after the other they would leave the server idle while the browser
 * reads each answer). The first failure stops the rest and is thrown.
 */
export async function loadReviewedAnswers(assignmentId: number): Promise<AnswerListItem[]> {
  const controller = new AbortController();
  const first = await reviewedAnswersPage(assignmentId, 1, controller.signal);
  const pageCount = Math.ceil(first.count / answersDefaultPageSize);
  const pages: AnswerListItem[][] = [first.list];
  let next = 2;
  const worker = async () => {
    while (next <= pageCount) {
      const page = next;
      next += 1;
      pages[page - 1] = (await reviewedAnswersPage(assignmentId, page, controller.signal)).list;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(pageConcurrency, pageCount - 1) }, worker));
  } catch (error) {
    controller.abort();
    throw error;
  }
  return pages.flat();
}

/** Fetches what the report needs and builds its table. */
export async function loadReport(assignmentId: number): Promise<ReportTable> {
  const [assignment, answers] = await Promise.all([
    api.get(`/assignments/${assignmentId}`, { schema: assignmentDetailSchema }),
    loadReviewedAnswers(assignmentId),
  ]);
  return buildReport(answers, {
    ratings: assignment.data.ratings?.questions ?? [],
    feedback: assignment.data.feedback?.questions ?? [],
  });
}

/**
 * Builds and downloads the report of an assignment; shows 'messages.somethingWentWrong while printing
 * record' on any failure. Resolves to whether the file was produced.
 */
export async function exportReport(assignmentId: number): Promise<boolean> {
  try {
    preloadXlsxWriter();
    const table = await loadReport(assignmentId);
    const blob = await writeReport(table);
    downloadBlob(blob, reportFileName(assignmentId));
    return true;
  } catch {
    toast.error(messages.somethingWentWrongPrinting);
    return false;
  }
}
