/**
 * The assignments feature (001 §2 assignments, 000 §2.5 instructor dashboard): what app/ routes
 * compose. Other features never import it.
 */
export { AssignmentsList } from './components/assignments-list';
export { AnswerStatusBadge } from './components/status-badges';
export { useAssignmentDashboard } from './api/get-dashboard';
export {
  AssignmentWizard,
  type AssignmentWizardProps,
} from './components/wizard/assignment-wizard';
export { AssignmentDetailView } from './components/assignment-detail';
export { AssignmentEditView } from './components/assignment-edit';
export { UserAssignmentsTab } from './components/user-assignments-tab';
