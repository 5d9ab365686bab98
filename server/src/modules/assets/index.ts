/**
 * The assets module: avatars and environments (001 §2 'Assets'). The app registers `assetRoutes`
 * inside `/api`; the demo seed shares general assets with `availableTo`.
 */
export { availableTo } from './repository.js';
export { assetRoutes } from './routes.js';
