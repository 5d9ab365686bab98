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
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { buildReport, reportFileName, type ReportTable } from '../build-report';
import { downloadBlob, writeReport } from '../write-report';

/** Every Reviewed answer of the assignment with its data, page by page. */
async function loadReviewedAnswers(assignmentId: number): Promise<AnswerListItem[]> {
  const all: AnswerListItem[] = [];
  for (let page = 1; ; page += 1) {
    const { list, count } = await api.get('/assignments/answers', {
      query: {
        assignmentId,
        status: AnswerStatus.Reviewed,
        includes: 'answers',
        page,
        pageSize: answersDefaultPageSize,
      },
      schema: answerListSchema,
    });
    all.push(...list);
    if (list.length === 0 || all.length >= count) return all;
  }
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
    const table = await loadReport(assignmentId);
    const blob = await writeReport(table);
    downloadBlob(blob, reportFileName(assignmentId));
    return true;
  } catch {
    toast.error(messages.somethingWentWrongPrinting);
    return false;
  }
}
