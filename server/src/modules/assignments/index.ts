/**
 * The assignments module (001 §2 'Assignments', §3): composing, publishing and closing
 * assignments and their members. The app registers `assignmentRoutes` inside `/api`; answers and
 * the trainees' API lock an assignment with `lockAssignment` before changing its answers.
 */
export { assignmentsByIds, lockAssignment } from './repository.js';
export { answerRowColumns, type AnswerRow } from './members-repository.js';
export { assignmentRoutes } from './routes.js';
export { todayIsoDate } from './service.js';
