/**
 * Console-only strings of the insights (decisions.md#insights-and-administration §1): the assignment's Insights tab, a trainee's
 * progress on user detail and the reviewer consistency page. Numbers are formatted here too, so
 * the tables, the charts and the CSV files say the same thing.
 */
export const insightsText = {
  /** The assignment detail's tab. */
  tab: 'Insights',
  loading: 'Loading insights…',
  loadFailed: 'The insights could not be loaded.',
  /** The switch above each chart and its CSV button. */
  viewLabel: (title: string) => `${title}: show as`,
  chart: 'Chart',
  table: 'Table',
  downloadCsv: 'CSV',
  downloadCsvLabel: (title: string) => `Download ${title} as CSV`,
  /** Empty states. */
  noScale: 'No rating scale',
  noScaleHint: 'This assignment has no rating scale, so there are no criteria to chart.',
  noReviews: 'No reviews yet',
  noReviewsHint: 'The charts fill in as answers are reviewed.',
  noAnswers: 'No answers yet',
  /** Headline figures. */
  weakestCriterion: 'Weakest criterion',
  strongestCriterion: 'Strongest criterion',
  reviewedAnswers: 'Reviewed answers',
  toReview: 'To review',
  pending: 'Pending',
  reviewed: 'Reviewed',
  meanOf: (mean: string, count: number) =>
    `mean ${mean} over ${count} rating${count === 1 ? '' : 's'}`,
  /** Section titles (also the CSV files' subjects). */
  criteriaTitle: 'Criteria',
  criteriaCaption: 'Mean, count and distribution of the stars per criterion',
  groupsTitle: 'By group',
  groupsCaption: 'Mean stars per criterion in each group',
  reviewersTitle: 'By reviewer',
  reviewersCaption: 'Mean stars per criterion given by each reviewer',
  traineesTitle: 'Trainees',
  traineesCaption: 'Reviewed trainees, best score first, with their stars per criterion',
  statusTitle: 'Answers over time',
  statusCaption: (bucket: 'day' | 'week') =>
    `Answers Pending, to review and Reviewed at the end of each ${bucket}`,
  /** Column headers. */
  criterion: 'Criterion',
  mean: 'Mean',
  count: 'Ratings',
  stars: (n: number) => `${n}★`,
  starsHeader: (n: number) => `${n} star${n === 1 ? '' : 's'}`,
  group: 'Group',
  answers: 'Answers',
  reviewer: 'Reviewer',
  reviews: 'Reviews',
  trainee: 'Trainee',
  email: 'Email',
  score: 'Score',
  reviewedAt: 'Reviewed',
  date: 'Date',
  assignment: 'Assignment',
  practiceSessions: 'Practice sessions',
  /** Trainee progress (user detail). */
  progressTab: 'Progress',
  progressTitle: 'Score per criterion over time',
  progressCaption: 'The stars of each criterion in each reviewed assignment, oldest first',
  practiceTitle: 'Practice',
  assignments: 'Assignments',
  sessions: 'Sessions',
  noProgress: 'No reviewed answers yet',
  noProgressHint: 'The trainee’s scores appear here once an answer is reviewed.',
  /** Reviewer consistency. */
  consistencyTitle: 'Reviewer consistency',
  consistencyNav: 'Insights',
  consistencyOpen: 'Reviewer consistency',
  consistencyIntro:
    'How each reviewer scores against the organization’s mean, and how often two reviewers of the same answer agree.',
  organizationMean: 'Organization mean',
  meanScore: 'Mean score',
  spread: 'Spread (SD)',
  delta: 'vs. mean',
  largestGap: 'Largest gap to the mean',
  deltaTitle: 'Mean per criterion against the organization',
  deltaCaption:
    'Each reviewer’s mean stars per criterion minus the organization’s mean; a large gap means a harsher or kinder reviewer',
  reviewersTableTitle: 'Reviewers',
  reviewersTableCaption: 'Reviews, mean score and per criterion mean, spread and gap to the mean',
  agreementTitle: 'Agreement',
  agreementCaption:
    'Pairs of reviewers who reviewed the same answers, and how often their stars match',
  agreementOverall: 'Overall agreement',
  exact: 'Exact',
  withinOne: 'Within one star',
  pairs: 'Pairs',
  sharedAnswers: 'Shared answers',
  sharedRatings: 'Shared ratings',
  reviewerA: 'Reviewer A',
  reviewerB: 'Reviewer B',
  noPairs: 'No answer was reviewed by two reviewers yet',
  noPairsHint: 'Agreement needs answers reviewed twice (a review history keeps both).',
  noConsistency: 'No reviews yet',
  noConsistencyHint: 'Reviewer figures appear once the organization’s answers are reviewed.',
  outlier: (name: string, delta: string, criterion: string) =>
    `${name} scores ${criterion} ${delta} against the mean`,
  chooseOrganization: 'Open an organization to see its reviewer consistency.',
  /** A table wider than its card (a narrow screen): how much is in view. */
  columnsInView: (shown: number, total: number) =>
    `${shown} of ${total} columns in view: scroll sideways for the rest`,
  /** Number formats. */
  deletedUser: 'Deleted user',
  none: '—',
} as const;

/** A mean (stars, 2 decimals) as shown and exported; '—' when there is none. */
export function formatMean(value: number | null): string {
  return value === null ? insightsText.none : value.toFixed(2);
}

/** A signed difference of means, e.g. '+0.80' or '−0.35'; '—' when there is none. */
export function formatDelta(value: number | null): string {
  if (value === null) return insightsText.none;
  const text = Math.abs(value).toFixed(2);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/** A share 0–1 as a percentage, e.g. '83%'; '—' when there is none. */
export function formatShare(value: number | null): string {
  return value === null ? insightsText.none : `${Math.round(value * 100)}%`;
}

/** A whole number of stars on a chart's axis, e.g. '4★' (never '3.75'). */
export function formatStarTick(value: number): string {
  return insightsText.stars(Math.round(value));
}

/** A gap to the mean on a chart's axis: '+1', '−0.5', '0' (the table and tooltip keep 2 decimals). */
export function formatDeltaTick(value: number): string {
  const text = String(Math.round(Math.abs(value) * 2) / 2);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : '0';
}
