/**
 * The report builder against 001 §9 'Report export' with awkward data (missing reviewer, JSON-list
 * feedback, option ids, fractions); the written .xlsx is parsed back and checked cell by cell, with
 * each cell's kind and number format (decisions.md#console-flows §14: numbers are numbers, dates are dates shown
 * month.day.year, Avg Score shows one decimal even when whole).
 */
import {
  AnswerStatus,
  QuestionType,
  dateFormat,
  format,
  messages,
  type AnswerListItem,
} from '@practica/contract';
import dayjs from 'dayjs';
import { formQuestion } from '../../test/review-fixtures';
import { buildReport, reportFileName, type ReportForms } from './build-report';
import { formatSerialDate, readXlsx } from './testing/read-xlsx';
import { writeReport } from './write-report';

/** The wall-clock time the console shows for `iso`, as the UTC fields of a Date (Excel's view). */
function wallClock(iso: string): Date {
  const d = new Date(iso);
  return new Date(
    Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()),
  );
}
const submittedAt = '2026-01-02T12:00:00.000Z';
const reviewedAt = '2026-12-31T12:00:00.000Z';

const forms: ReportForms = {
  ratings: [
    formQuestion(11, 'Clarity', QuestionType.Rating),
    formQuestion(12, 'Confidence & tone', QuestionType.Rating),
  ],
  feedback: [
    formQuestion(21, 'Best part', QuestionType.Single, [
      { id: 201, text: 'Opening' },
      { id: 202, text: 'Closing' },
    ]),
    formQuestion(22, 'Improve', QuestionType.Multiple, [
      { id: 211, text: 'Pace' },
      { id: 212, text: 'Eye contact' },
      { id: 213, text: 'Volume' },
    ]),
    formQuestion(23, 'Notes', QuestionType.Open),
  ],
};

const contentAnswer = (createdBy: { id: number; firstName: string; lastName: string } | null) => ({
  createdAt: '2026-03-04T10:00:00.000Z',
  createdBy,
  createdByName: createdBy ? `${createdBy.firstName} ${createdBy.lastName}` : 'Deleted user',
});

function answer(
  id: number,
  statusId: number,
  reviewer: { id: number; firstName: string; lastName: string } | null,
  ratings: string[],
  feedback: string[],
  score: number | null,
): AnswerListItem {
  return {
    id,
    userId: 100 + id,
    user: { id: 100 + id, firstName: `First${id}`, lastName: `Last${id}` },
    assignmentId: 7,
    assignment: { id: 7, name: 'Sales pitch' },
    statusId: statusId as AnswerListItem['statusId'],
    score,
    submittedAt,
    reviewedAt,
    updatedAt: reviewedAt,
    viewed: true,
    practiceCounter: 3,
    ratingsAnswerId: 1,
    feedbackAnswerId: 2,
    data: {
      interviewAnswer: {
        answers: [
          {
            id: 1,
            questionId: 1,
            text: null,
            duration: 12.25,
            fileId: null,
            file: null,
            media: {
              status: 'original' as const,
              playback: null,
              poster: null,
              deletedAfterDays: null,
            },
          },
          {
            id: 2,
            questionId: 2,
            text: null,
            duration: 7.5,
            fileId: null,
            file: null,
            media: {
              status: 'original' as const,
              playback: null,
              poster: null,
              deletedAfterDays: null,
            },
          },
        ],
      },
      ratingsAnswer: {
        id: 1,
        contentId: 2,
        contentTypeId: 2,
        contentAnswer: contentAnswer(reviewer),
        answers: ratings.map((text, i) => ({ questionId: 11 + i, text })),
        score,
      },
      feedbackAnswer: {
        id: 2,
        contentId: 3,
        contentTypeId: 3,
        contentAnswer: contentAnswer(reviewer),
        answers: feedback.map((text, i) => ({ questionId: 21 + i, text })),
        score: null,
      },
      practiceCounter: 3,
    },
  };
}

const reviewer = { id: 9, firstName: 'Rita', lastName: 'Reviewer' };
const answers = [
  answer(1, AnswerStatus.Reviewed, reviewer, ['4', '5'], ['202', '211,213', 'Good job'], 4.5),
  answer(
    2,
    AnswerStatus.Reviewed,
    null,
    ['3', '4'],
    ['201', '["Pace","Volume"]', '["a","b"]'],
    3.6667,
  ),
  answer(3, AnswerStatus.Submitted, null, [], [], null),
];

const header = [
  'UserId',
  'First Name',
  'Last Name',
  'Completed date',
  'Practice #',
  'Total Duration (s)',
  'Reviewer Id',
  'Reviewer First Name',
  'Reviewer Last Name',
  'Reviewed date',
  'Avg Score',
  'R1 - Clarity?',
  'R2 - Confidence & tone?',
  'F1 - Best part?',
  'F2 - Improve?',
  'F3 - Notes?',
];

const expectedRows = [
  [
    101,
    'First1',
    'Last1',
    wallClock(submittedAt),
    3,
    19.8,
    9,
    'Rita',
    'Reviewer',
    wallClock(reviewedAt),
    4.5,
    4,
    5,
    'Closing',
    'Pace| Volume',
    'Good job',
  ],
  [
    102,
    'First2',
    'Last2',
    wallClock(submittedAt),
    3,
    19.8,
    'N/A',
    'N/A',
    'N/A',
    wallClock(reviewedAt),
    3.7,
    3,
    4,
    'Opening',
    'Pace| Volume',
    'a| b',
  ],
];

describe('buildReport', () => {
  it('builds the spec columns and one row per Reviewed answer', () => {
    const table = buildReport(answers, forms);
    expect(table.sheetName).toBe(messages.reportSheetName);
    expect(table.columns).toEqual(header);
    expect(table.columns[11]).toBe(format.reportRatingColumn(1, 'Clarity'));
    expect(table.rows).toEqual(expectedRows);
  });

  it('falls back to the mean of numeric ratings when no score is stored', () => {
    const a = answer(4, AnswerStatus.Reviewed, reviewer, ['2', 'x'], [], null);
    expect(buildReport([a], forms).rows[0]?.[10]).toBe(2);
  });

  it('names the file AssignmentReport{id}-{timestamp}.xlsx', () => {
    expect(reportFileName(7, new Date(1700000000000))).toBe('AssignmentReport7-1700000000000.xlsx');
  });

  it('writes an .xlsx with the sheet Report whose cells read back as built', async () => {
    const blob = await writeReport(buildReport(answers, forms));
    const content = readXlsx(new Uint8Array(await blob.arrayBuffer()));
    expect(content.sheetNames).toEqual(['Report']);
    expect(content.rows[0]).toEqual(header);
    // Dates come back as Excel serial numbers: the same day and time the console shows.
    const asRead = expectedRows.map((row) =>
      row.map((cell) => (cell instanceof Date ? cell.getTime() / 86_400_000 + 25569 : cell)),
    );
    expect(content.rows.slice(1)).toEqual(asRead);
    // The header row stays in view while scrolling.
    expect(content.frozenRows).toBe(1);
  });

  it('writes numbers as numbers, dates as month.day.year date cells and Avg Score with one decimal', async () => {
    const whole = answer(5, AnswerStatus.Reviewed, reviewer, ['4', '4'], ['201', '211', 'ok'], 4);
    const blob = await writeReport(buildReport([whole, answers[1]!], forms));
    const [headerRow, first, second] = readXlsx(new Uint8Array(await blob.arrayBuffer())).cells;
    // The headers keep the spec's exact form, as text.
    expect(headerRow?.map((c) => [c.value, c.kind])).toEqual(header.map((h) => [h, 'text']));
    const column = (name: string) => header.indexOf(name);
    for (const row of [first, second]) {
      for (const [name, iso] of [
        [messages.reportColCompletedDate, submittedAt],
        [messages.reportColReviewedDate, reviewedAt],
      ] as const) {
        const cell = row?.[column(name)];
        expect(cell?.kind).toBe('number');
        expect(cell?.format).toBe('mm.dd.yyyy');
        // Excel shows the day the console shows, month.day.year.
        expect(formatSerialDate(Number(cell?.value), 'mm.dd.yyyy')).toBe(
          dayjs(iso).format(dateFormat),
        );
      }
      expect(row?.[column(messages.reportColUserId)]?.kind).toBe('number');
      expect(row?.[column(messages.reportColPractice)]?.kind).toBe('number');
      expect(row?.[column('R1 - Clarity?')]?.kind).toBe('number');
      expect(row?.[column(messages.reportColTotalDuration)]).toEqual({
        value: 19.8,
        kind: 'number',
        format: '0.0',
      });
    }
    // A whole average is the number 4 shown as 4.0.
    expect(first?.[column(messages.reportColAvgScore)]).toEqual({
      value: 4,
      kind: 'number',
      format: '0.0',
    });
    expect(second?.[column(messages.reportColAvgScore)]).toEqual({
      value: 3.7,
      kind: 'number',
      format: '0.0',
    });
    // N/A stays text in a number column.
    expect(second?.[column(messages.reportColReviewerId)]).toMatchObject({
      value: 'N/A',
      kind: 'text',
    });
    expect(first?.[column('F3 - Notes?')]).toMatchObject({ value: 'ok', kind: 'text' });
  });

  it('leaves a date that is missing as N/A text', async () => {
    const unreviewed = { ...answers[0]!, submittedAt: null, reviewedAt: null };
    const row = buildReport([unreviewed], forms).rows[0];
    expect(row?.[3]).toBe('N/A');
    // The reviewed date falls back to when the ratings were written.
    expect(row?.[9]).toEqual(wallClock('2026-03-04T10:00:00.000Z'));
    const cells = readXlsx(
      new Uint8Array(await (await writeReport(buildReport([unreviewed], forms))).arrayBuffer()),
    ).cells[1];
    expect(cells?.[3]).toEqual({ value: 'N/A', kind: 'text', format: 'General' });
  });
});
