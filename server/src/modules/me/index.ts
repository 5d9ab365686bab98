/**
 * The trainees' API (`/api/me/…`): the app registers `partialUploadsPlugin` at the root (the tus
 * store of unfinished answer videos, `app.partialUploads`), then `meRoutes` and `meUploadRoutes`
 * (the tus endpoint of answer videos) inside `/api`; the demo seed and
 * `npm run simulate:trainee` answer assignments through `answerAssignment` and
 * `inProcessTraineeApi`.
 */
export { inProcessTraineeApi } from './in-process-api.js';
export { meRoutes } from './routes.js';
export { meUploadRoutes } from './uploads-routes.js';
export { partialUploadsPlugin } from './partial-uploads.js';
export {
  answerAssignment,
  sessionVideoType,
  type SessionVideo,
  type TraineeApi,
} from './trainee-session.js';
