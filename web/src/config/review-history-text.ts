/**
 * Console-only strings of the review history and the assignment's Activity (decisions.md#review-loop §5); the
 * API's refusals and the 'Deleted user' name are the contract's catalogue.
 */
export const reviewHistoryText = {
  title: 'Review history',
  empty: 'No review has been submitted yet.',
  onlyYours: 'Only the reviews you wrote are listed.',
  loadFailed: 'The review history could not be loaded.',
  score: 'Score',
  comments: 'Comments',
  open: 'Open',
  openLabel: (reviewer: string, when: string) => `Open the review by ${reviewer} of ${when}`,
  latest: 'Latest',
  version: (n: number) => `Review ${n}`,
  modalTitle: (reviewer: string, when: string) => `Review by ${reviewer} · ${when}`,
  ratings: 'Ratings',
  feedback: 'Feedback',
  noComments: 'No time-coded comments.',
  noAnswer: '—',
  formGone: 'This form is no longer available.',
  questionLabel: (n: number) => `Q${n}`,
  commentsCount: (n: number) => (n === 1 ? '1 comment' : `${n} comments`),
} as const;

/** Strings of the assignment's Activity tab (the audit log). */
export const activityText = {
  tab: 'Activity',
  title: 'Activity',
  filter: 'Show',
  allActions: 'All activity',
  actions: {
    'assignment.status': 'Assignment status',
    'answer.status': 'Answer status',
    'review.submitted': 'Reviews',
    'claim.takenOver': 'Claims taken over',
  },
  empty: 'Nothing has happened on this assignment yet.',
  emptyFiltered: 'No activity of this kind yet.',
  loadFailed: 'The activity could not be loaded.',
  when: 'When',
  what: 'What',
  /** 'Status Active → Closed' of the assignment. */
  assignmentStatus: (before: string, after: string) => `Status ${before} → ${after}`,
  /** "Tom Trainee's answer Pending → Submitted". */
  answerStatus: (trainee: string, before: string, after: string) =>
    `${trainee}’s answer ${before} → ${after}`,
  /** "Submitted a review of Tom Trainee · score 4.0". */
  reviewSubmitted: (trainee: string, score: string | null) =>
    `Submitted a review of ${trainee}${score !== null ? ` · score ${score}` : ''}`,
  claimTakenOver: (trainee: string, from: string | null) =>
    `Took over the review of ${trainee}${from ? ` from ${from}` : ''}`,
  /** An answer's statuses as the log says them (the list's 'To review' is the act of submitting here). */
  answerStatuses: { 1: 'Pending', 2: 'Submitted', 3: 'Reviewed' } as Record<number, string>,
  someTrainee: 'a trainee',
  unknownStatus: '?',
  other: (action: string) => action,
} as const;
