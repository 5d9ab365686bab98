/**
 * Console-only strings of single sign-on (decisions.md#single-sign-on): the sign-in page's
 * "Sign in with your organization" and the "Single sign-on" section of an organization's page.
 */
export const ssoText = {
  signInWith: 'Sign in with your organization',
  or: 'or',
  workEmail: 'Work email',
  workEmailPlaceholder: 'you@your-organization.org',
  continue: 'Continue',
  finishing: 'Finishing sign-in…',
  finishFailed: 'The sign-in could not be completed. Start again.',
  title: 'Single sign-on',
  intro:
    'Let people of this organization sign in with your identity provider (OpenID Connect). Password sign-in keeps working.',
  issuer: 'Issuer URL',
  issuerHint: 'e.g. https://login.example.org/realms/academy',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  secretSet: 'A secret is stored. Leave empty to keep it.',
  secretUnset: 'No secret stored yet.',
  domains: 'Email domains',
  domainsHint: 'Comma-separated; sign-ins with these domains go to this provider.',
  jit: 'Create accounts on first sign-in (just in time)',
  jitHint: 'Without it, only existing users and invited emails can sign in.',
  roleClaim: 'Role claim (optional)',
  roleClaimHint: 'A claim whose value picks the role of a new account; otherwise Trainee.',
  roleMap: 'Claim value → role',
  roleMapHint: 'One per line: value=instructor (trainee, instructor or manager).',
  redirectUri: 'Redirect URI to register at the provider',
  test: 'Test connection',
  testOk: (issuer: string) => `Connected: ${issuer}`,
  save: 'Save',
  saved: 'Single sign-on saved',
  saveFailed: 'The settings could not be saved.',
  loadFailed: 'The single sign-on settings could not be loaded.',
};
