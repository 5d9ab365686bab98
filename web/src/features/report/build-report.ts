/**
 * The report export's table (001 §9 'Report export'): one row per Reviewed answer, the spec's fixed
 * columns, then one column per rating question (R1..Rn) and per feedback question (F1..Fn). Pure:
 * no I/O, so it is unit-tested cell by cell.
 */
import {
  AnswerStatus,
  QuestionType,
  format,
  meanRatingScore,
  messages,
  type AnswerListItem,
  type AssignmentQuestion,
} from '@practica/contract';
import dayjs from 'dayjs';

/**
 * A cell of the report: text, a number or a date. A date is the local wall-clock time of the
 * moment written as its UTC fields (see `reportDate`), so Excel, which has no time zones, shows the
 * day the user's console shows.
 */
export type ReportCell = string | number | Date;

/** The sheet: its name, the header row, the data rows and each column's Excel number format. */
export interface ReportTable {
  sheetName: string;
  columns: string[];
  rows: ReportCell[][];
  /**
   * Per column, the Excel number format of its numbers and dates (null: Excel's General). Dates
   * are month.day.year (`reportDateFormat`), Avg Score and Total Duration one decimal (decisions.md#console-flows §14).
   */
  numberFormats: (string | null)[];
}

/** month.day.year as an Excel number format (001 §9 'Dates use the month.day.year pattern'). */
export const reportDateFormat = 'mm.dd.yyyy';

/** One decimal as an Excel number format: 4 shows as 4.0 (001 §9 'Avg Score has 1 decimal'). */
export const reportOneDecimalFormat = '0.0';

/** What the builder needs of the assignment: the questions of its rating scale and feedback form. */
export interface ReportForms {
  ratings: readonly AssignmentQuestion[];
  feedback: readonly AssignmentQuestion[];
}

const na = messages.reportNotAvailable;

/** The spec's fixed columns, in order. */
export const reportFixedColumns: readonly string[] = [
  messages.reportColUserId,
  messages.reportColFirstName,
  messages.reportColLastName,
  messages.reportColCompletedDate,
  messages.reportColPractice,
  messages.reportColTotalDuration,
  messages.reportColReviewerId,
  messages.reportColReviewerFirstName,
  messages.reportColReviewerLastName,
  messages.reportColReviewedDate,
  messages.reportColAvgScore,
];

/**
 * A date cell of `value` (an ISO timestamp): a Date whose UTC fields are the local date and time
 * the console shows, since Excel stores wall-clock serial numbers without a zone; N/A when absent
 * or invalid. Shown month.day.year through `reportDateFormat`.
 */
export function reportDate(value: string | null | undefined): Date | string {
  if (!value) return na;
  const d = dayjs(value);
  if (!d.isValid()) return na;
  return new Date(
    Date.UTC(d.year(), d.month(), d.date(), d.hour(), d.minute(), d.second(), d.millisecond()),
  );
}

/** Rounds to one decimal (001 §9: Avg Score has 1 decimal). */
export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A JSON list of texts, or null when `text` is not one. */
function jsonList(text: string): string[] | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[')) return null;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return Array.isArray(parsed) ? parsed.map((v) => String(v)) : null;
  } catch {
    return null;
  }
}

/**
 * A feedback answer's texts: option ids become option texts (multiple choice is comma-joined ids),
 * a JSON list of texts is that list, open text is itself; none when unanswered.
 */
export function feedbackTexts(question: AssignmentQuestion, text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  const list = jsonList(text);
  if (list) return list;
  const choice =
    question.questionTypeId === QuestionType.Single ||
    question.questionTypeId === QuestionType.Multiple ||
    question.questionTypeId === QuestionType.Rank;
  if (!choice) return [text];
  const parts = text.split(',').map((id) => id.trim());
  return parts.map((id) => question.options.find((o) => String(o.id) === id)?.text ?? id);
}

/** A feedback answer as the report shows it: its texts (`feedbackTexts`) joined with '| '. */
export function feedbackCell(question: AssignmentQuestion, text: string | undefined): string {
  return feedbackTexts(question, text).join(messages.reportFeedbackJoiner);
}

/** A rating answer: the number when numeric, else the text as given. */
function ratingCell(text: string | undefined): ReportCell {
  if (text === undefined || text.trim() === '') return '';
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

/** The header row: the fixed columns, R1..Rn, F1..Fn. */
export function reportColumns(forms: ReportForms): string[] {
  return [
    ...reportFixedColumns,
    ...forms.ratings.map((q, i) => format.reportRatingColumn(i + 1, q.text)),
    ...forms.feedback.map((q, i) => format.reportFeedbackColumn(i + 1, q.text)),
  ];
}

/**
 * The answer's average score: the one stored with the answer, else its ratings form's, else the
 * mean of its numeric ratings of `ratingQuestions`; null when there is none.
 */
export function answerScore(
  answer: AnswerListItem,
  ratingQuestions: readonly AssignmentQuestion[],
): number | null {
  const ratings = answer.data?.ratingsAnswer ?? null;
  const text = (id: number) => ratings?.answers.find((a) => a.questionId === id)?.text;
  return answer.score ?? ratings?.score ?? meanRatingScore(ratingQuestions.map((q) => text(q.id)));
}

/** One row of a Reviewed answer. */
function reportRow(answer: AnswerListItem, forms: ReportForms): ReportCell[] {
  const data = answer.data;
  const ratings = data?.ratingsAnswer ?? null;
  const feedback = data?.feedbackAnswer ?? null;
  const reviewer = ratings?.contentAnswer.createdBy ?? null;
  const duration = (data?.interviewAnswer.answers ?? []).reduce((s, a) => s + a.duration, 0);
  const ratingText = (id: number) => ratings?.answers.find((a) => a.questionId === id)?.text;
  const feedbackText = (id: number) => feedback?.answers.find((a) => a.questionId === id)?.text;
  const score = answerScore(answer, forms.ratings);
  return [
    answer.userId,
    answer.user.firstName,
    answer.user.lastName,
    reportDate(answer.submittedAt),
    data?.practiceCounter ?? answer.practiceCounter,
    oneDecimal(duration),
    reviewer ? reviewer.id : na,
    reviewer ? reviewer.firstName : na,
    reviewer ? reviewer.lastName : na,
    reportDate(answer.reviewedAt ?? ratings?.contentAnswer.createdAt),
    score === null ? na : oneDecimal(score),
    ...forms.ratings.map((q) => ratingCell(ratingText(q.id))),
    ...forms.feedback.map((q) => feedbackCell(q, feedbackText(q.id))),
  ];
}

/** Each column's number format: the two dates, Total Duration and Avg Score; General otherwise. */
export function reportNumberFormats(columnCount: number): (string | null)[] {
  const formats: (string | null)[] = Array.from({ length: columnCount }, () => null);
  const at = (column: string, format: string) => {
    formats[reportFixedColumns.indexOf(column)] = format;
  };
  at(messages.reportColCompletedDate, reportDateFormat);
  at(messages.reportColReviewedDate, reportDateFormat);
  at(messages.reportColTotalDuration, reportOneDecimalFormat);
  at(messages.reportColAvgScore, reportOneDecimalFormat);
  return formats;
}

/** Builds the report table from the loaded answers (only Reviewed ones become rows). */
export function buildReport(answers: readonly AnswerListItem[], forms: ReportForms): ReportTable {
  const columns = reportColumns(forms);
  return {
    sheetName: messages.reportSheetName,
    columns,
    numberFormats: reportNumberFormats(columns.length),
    rows: answers
      .filter((a) => a.statusId === AnswerStatus.Reviewed)
      .map((a) => reportRow(a, forms)),
  };
}

/** The file name: AssignmentReport{id}-{timestamp}.xlsx. */
export function reportFileName(assignmentId: number, now: Date = new Date()): string {
  return format.reportFileName(assignmentId, String(now.getTime()));
}
