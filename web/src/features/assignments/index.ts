/**
 * The assignments feature (001 §2 assignments, 000 §2.5 instructor dashboard): what app/ routes
 * compose. Other features never import it.
 */
export {
  AssignmentsList,
  dueDateText,
  type AssignmentsListProps,
} from './components/assignments-list';
export { AssignmentStatusBadge, AnswerStatusBadge } from './components/status-badges';
export { useAssignmentDashboard } from './api/get-dashboard';
export { usePendingAnswers } from './api/list-pending-answers';
export {
  AssignmentWizard,
  type AssignmentWizardProps,
} from './components/wizard/assignment-wizard';
export type { AvatarPickerSlotProps, RenderAvatarPicker } from './components/wizard/roles-step';
export {
  AssignmentDetailView,
  type AssignmentDetailViewProps,
} from './components/assignment-detail';
export { AssignmentEditView, type AssignmentEditViewProps } from './components/assignment-edit';
export { UserAssignmentsTab } from './components/user-assignments-tab';
