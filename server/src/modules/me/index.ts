/**
 * The trainees' API (`/api/me/…`): the app registers `meRoutes` and `meUploadRoutes` (the tus
 * endpoint of answer videos) inside `/api`; the demo seed and
 * `npm run simulate:trainee` answer assignments through `answerAssignment` and
 * `inProcessTraineeApi`.
 */
export { inProcessTraineeApi } from './in-process-api.js';
export { meRoutes } from './routes.js';
export { meUploadRoutes, type MeUploadRoutesOptions } from './uploads-routes.js';
export {
  answerAssignment,
  sessionVideoType,
  type SessionVideo,
  type TraineeApi,
} from './trainee-session.js';
