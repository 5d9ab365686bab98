/**
 * The sso feature (decisions.md#single-sign-on): "Sign in with your organization" on the sign-in
 * page and the "Single sign-on" section of an organization's page. What app/ routes compose.
 */
export { SsoSection } from './components/sso-section';
export { SsoSignIn } from './components/sso-sign-in';
