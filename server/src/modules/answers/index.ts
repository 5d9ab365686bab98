/**
 * The answers module: staff read and review trainees' answers (001 §2 'Review screen', §3, §5;
 * `GET /assignments/answers…`, `POST /assignments/interviews/answers/review/{id}`). The app
 * registers `answerRoutes` inside `/api`; the trainees' API (`me`) records answers through the
 * repository functions below, and the demo seed reviews through `submitReview`.
 */
export { presentItem, reviewedScore } from './presenter.js';
export {
  type AnswerFullRow,
  type AnswerItemRow,
  closeDateOf,
  countPractice,
  findAnswer,
  findAnswerOf,
  itemsOfAnswers,
  lockAnswer,
  questionsOfContent,
  type ReviewStatementWrite,
  updateAnswer,
  upsertItems,
} from './repository.js';
export { answerRoutes } from './routes.js';
export { authorizeReview, getAnswerFor, refuseClaimedByAnother, submitReview } from './service.js';
