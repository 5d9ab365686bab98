/**
 * The insights feature (issue 23 §1): what app/ routes and pages compose. The tabs load their
 * charts only when rendered; the reviewer consistency page is a route of its own (lazy).
 * Other features never import it.
 */
export { AssignmentInsightsTab } from './components/assignment-insights-tab';
export { TraineeProgressTab, hasTraineeProgress } from './components/trainee-progress-tab';
export { default as ReviewerConsistencyView } from './components/reviewer-consistency';
