/**
 * The content feature (001 §2 content authoring): what app/ routes compose. Other features never
 * import it.
 */
export { ContentsTable } from './components/contents-table';
export { ContentListToolbar, effectiveSearch } from './components/content-list-toolbar';
export { contentEmptyState } from './components/content-empty-state';
export { useInterviews, useQuestionnaires } from './api/list-contents';
export type { ContentListFilter } from './api/list-contents';
export { ContentEditor } from './components/content-editor';
export { useQuestionnaire } from './api/get-questionnaire';
export { QuestionForm } from './components/question-form';
export { useQuestion } from './api/questions';
export { openedFromContentEditor } from './editor-return';
export {
  OrganizationContents,
  organizationContentsSearch,
} from './components/organization-contents';
export { fromContentEditor } from './editor-return';
