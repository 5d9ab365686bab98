/** The info module: `GET /api/info` (the product's name, version and public settings). */
export { infoRoutes } from './routes.js';
