/**
 * The insights feature (decisions.md#insights-and-administration §1): what app/ routes and pages compose. The tabs load their
 * charts only when rendered; the reviewer consistency panel likewise.
 * Other features never import it.
 */
export { AssignmentInsightsTab } from './components/assignment-insights-tab';
export { TraineeProgressTab, hasTraineeProgress } from './components/trainee-progress-tab';
export { ReviewerConsistencyPanel } from './components/reviewer-consistency-panel';
