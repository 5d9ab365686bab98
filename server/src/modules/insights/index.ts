/**
 * The insights module (decisions.md#insights-and-administration §1): per-criterion analytics of an assignment's reviews, a
 * trainee's progress and the consistency of an organization's reviewers. Read-only. The app
 * registers `insightRoutes` inside `/api`.
 */
export { insightRoutes } from './routes.js';
