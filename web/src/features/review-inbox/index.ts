/**
 * The review inbox feature (decisions.md#review-loop §1): the 'Reviews' page's content, the review screen's
 * navigation bar and the neighbors it and 'Submit and next' use. What app/ routes compose; other
 * features never import it.
 */
export { ReviewInbox } from './components/review-inbox';
export { ReviewNavigation } from './components/review-navigation';
export { useInboxNeighbors, getInboxNeighbors } from './api/get-inbox-neighbors';
export { useReviewInbox } from './api/list-review-inbox';
export { inboxFiltersFrom, inboxSearchOf } from './inbox-filters';
