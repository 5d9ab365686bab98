/**
 * Console-only strings of the review screen's claims and conflicts (decisions.md#review-loop §4); the API's
 * refusals ('Maya Manning is reviewing this answer', '… reviewed this answer on …') are the
 * contract's `format` catalogue.
 */
export const reviewSafetyText = {
  /** The banner's age of the claim: 'claimed 3 minutes ago'. */
  claimedAgo: (relative: string) => `claimed ${relative}`,
  takeOver: 'Take over',
  takeOverHint: 'You can read everything. Take over to review this answer yourself.',
  conflictTitle: 'Someone reviewed this answer meanwhile',
  theirReview: 'Their review',
  myReview: 'My review',
  submitMineAnyway: 'Submit mine anyway',
  keepTheirs: 'Keep theirs',
  score: 'Score',
  noAnswer: '—',
  you: 'You',
  notSubmitted: 'not submitted',
} as const;
