/**
 * Console-only copy of the review inbox (decisions.md#review-loop §1): the 'Reviews' page, its filters, columns,
 * empty state, and the review screen's navigation bar and 'Submit and next'. The API's messages
 * are in the contract's catalogue.
 */

/** A duration in minutes, hours or days, as the inbox shows waiting times and claim ages. */
function ago(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

export const reviewInboxText = {
  title: 'Reviews',
  /** The sidebar entry and the organization detail's button. */
  navLabel: 'Reviews',
  tableLabel: 'Answers waiting for review',
  assignmentFilter: 'Assignment',
  groupFilter: 'Group',
  allAssignments: 'All assignments',
  allGroups: 'All groups',
  searchLabel: 'Search trainees',
  searchPlaceholder: 'Trainee name or email',
  claimFilter: 'Claims',
  claimAll: 'All',
  claimMine: 'Claimed by me',
  claimUnclaimed: 'Unclaimed',
  traineeColumn: 'Trainee',
  assignmentColumn: 'Assignment',
  submittedColumn: 'Submitted',
  waitingColumn: 'Waiting for',
  claimColumn: 'Claim',
  reviewedBefore: 'Reviewed before',
  /** A claim badge: 'Maya Manning · 3 min'. */
  claimBadge: (name: string, ageMs: number) => `${name} · ${ago(ageMs)}`,
  claimMineTitle: 'You are reviewing this answer',
  claimOtherTitle: (name: string) => `${name} is reviewing this answer`,
  /** How long an answer has waited since its submission. */
  waiting: (ms: number) => ago(ms),
  emptyTitle: 'Nothing waiting for review',
  emptyHint:
    'Answers appear here as soon as trainees submit them. Check the assignments for trainees who have not submitted yet.',
  emptyFilteredTitle: 'No waiting answer matches these filters',
  emptyFilteredHint: 'Clear the filters to see every answer waiting for review.',
  clearFilters: 'Clear filters',
  openAssignments: 'Go to assignments',
  chooseOrganization: 'Open the reviews of an organization from its detail page.',
  organizations: 'Organizations',
  caughtUp: 'All caught up: no other answer is waiting for review with these filters.',
  /** Back from 'Submit and next' while answers still wait, every one claimed by another reviewer. */
  othersReviewing:
    'No other answer is free for you: the answers still waiting are being reviewed by others.',
  // The review screen's navigation bar.
  navigationLabel: 'Answers of the inbox',
  previous: 'Previous',
  next: 'Next',
  backToInbox: 'Back to inbox',
  /** '3 of 30'; without a position (the answer is no longer waiting): '30 waiting'. */
  position: (position: number | null, count: number) =>
    position === null ? `${count} waiting` : `${position} of ${count}`,
  submitAndNext: 'Submit and next',
  submitOnly: 'Submit',
  moreSubmitActions: 'More submit actions',
} as const;
