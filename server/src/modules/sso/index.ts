/**
 * The sso module (decisions.md#single-sign-on; architecture.md 'Single sign-on'): sign-in with an
 * organization's OpenID Connect provider and its settings. The app registers `ssoRoutes` inside
 * `/api`.
 */
export { ssoRoutes } from './routes.js';
