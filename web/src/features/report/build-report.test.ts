/**
 * The report builder against 001 §9 'Report export' with awkward data (missing reviewer, JSON-list
 * feedback, option ids, fractions); the written .xlsx is parsed back and checked cell by cell.
 */
import {
  AnswerStatus,
  QuestionType,
  format,
  messages,
  type AnswerListItem,
  type AssignmentQuestion,
} from '@practica/contract';
import { buildReport, reportFileName, type ReportForms } from './build-report';
import { readXlsx } from './testing/read-xlsx';
import { writeReport } from './write-report';

const question = (
  id: number,
  text: string,
  questionTypeId: number,
  options: { id: number; text: string }[] = [],
): AssignmentQuestion => ({
  id,
  text,
  description: '',
  questionTypeId,
  interviewRoleId: null,
  contentId: 1,
  tags: [],
  options: options.map((o) => ({ ...o, correctAnswer: 0 })),
});

const forms: ReportForms = {
  ratings: [
    question(11, 'Clarity', QuestionType.Rating),
    question(12, 'Confidence & tone', QuestionType.Rating),
  ],
  feedback: [
    question(21, 'Best part', QuestionType.Single, [
      { id: 201, text: 'Opening' },
      { id: 202, text: 'Closing' },
    ]),
    question(22, 'Improve', QuestionType.Multiple, [
      { id: 211, text: 'Pace' },
      { id: 212, text: 'Eye contact' },
      { id: 213, text: 'Volume' },
    ]),
    question(23, 'Notes', QuestionType.Open),
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
    submittedAt: '2026-01-02T12:00:00.000Z',
    reviewedAt: '2026-12-31T12:00:00.000Z',
    updatedAt: '2026-12-31T12:00:00.000Z',
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
    '01.02.2026',
    3,
    19.8,
    9,
    'Rita',
    'Reviewer',
    '12.31.2026',
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
    '01.02.2026',
    3,
    19.8,
    'N/A',
    'N/A',
    'N/A',
    '12.31.2026',
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
    expect(content.rows).toEqual([header, ...expectedRows]);
  });
});
