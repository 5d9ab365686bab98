/**
 * Console-only strings of the report (decisions.md#console-flows §15): the review screen's Scorecard button beside
 * Print Report and the printable scorecard of one answer. The spreadsheet's own texts (001 §9,
 * Print Report included) are the contract's catalogue.
 */
export const reportText = {
  /** The review screen's button to the answer's scorecard, and its tooltip. */
  scorecardButton: 'Scorecard',
  scorecardHint: 'This answer on one page, to print or save as PDF',
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
