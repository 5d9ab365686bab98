/**
 * The api-tokens module (decisions.md#api-tokens; architecture.md 'API tokens'): the tokens an
 * organization's systems call the API with. The app registers `apiTokenRoutes` inside `/api`; the
 * auth plugin hands a `pra_` bearer to `authenticateApiToken` and records each of its requests
 * with `recordApiTokenUse`.
 */
export { apiTokenRoutes } from './routes.js';
export {
  authenticateApiToken,
  isApiToken,
  recordApiTokenUse,
  type ApiTokenSession,
} from './service.js';
