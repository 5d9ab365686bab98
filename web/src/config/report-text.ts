/**
 * Console-only strings of the report (issue 22 §15): the Print Report menu of the review screen and
 * the printable scorecard of one answer. The spreadsheet's own texts (001 §9) are the contract's
 * catalogue.
 */
export const reportText = {
  /** The Print Report menu's items. */
  spreadsheet: 'Assignment spreadsheet (.xlsx)',
  spreadsheetHint: 'Every reviewed answer of the assignment',
  scorecard: 'Scorecard of this answer',
  scorecardHint: 'One page to print or save as PDF',
  /** The scorecard page. */
  scorecardTitle: 'Scorecard',
  documentTitle: (assignment: string, trainee: string) => `Scorecard · ${assignment} · ${trainee}`,
  print: 'Print',
  backToReview: 'Back to review',
  trainee: 'Trainee',
  assignment: 'Assignment',
  completed: 'Completed',
  practice: 'Practice #',
  reviewer: 'Reviewer',
  reviewed: 'Reviewed',
  averageScore: 'Average score',
  ratings: 'Ratings',
  feedback: 'Feedback',
  outOf: (value: string, max: number) => `${value} / ${max}`,
  starsLabel: (question: string, stars: number | null, max: number) =>
    stars === null ? `${question}: not rated` : `${question}: ${stars} of ${max} stars`,
  noAnswer: '—',
  noQuestions: 'This form has no questions.',
  notReviewed: 'This answer has not been reviewed yet: its scorecard appears once it is.',
  unavailable: 'This scorecard is not available.',
  printedOn: (date: string) => `Printed ${date}`,
} as const;
