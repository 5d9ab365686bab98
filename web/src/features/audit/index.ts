/**
 * The audit feature (decisions.md#review-loop §5): an assignment's Activity, its audit log for Managers and
 * Admins. What app/ routes compose; other features never import it.
 */
export { AssignmentActivity } from './components/assignment-activity';
