/** The health module: `/healthz` and `/readyz` for load balancers and orchestrators. */
export { healthRoutes } from './routes.js';
