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
    'Let people of this organization sign in with your identity provider (OpenID Connect or SAML 2.0). Password sign-in keeps working.',
  protocol: 'Protocol',
  oidc: 'OpenID Connect',
  saml: 'SAML 2.0',
  samlEntityId: 'Identity provider entity ID',
  samlEntityIdHint: 'The issuer of its assertions, e.g. https://sts.windows.net/<tenant>/',
  samlSsoUrl: 'Identity provider single sign-on URL',
  samlSsoUrlHint: 'Where sign-ins are sent (HTTP-Redirect binding).',
  samlCertificates: 'Signing certificate (PEM)',
  samlCertificatesHint:
    'Paste -----BEGIN CERTIFICATE----- … ; during a rollover paste the new one below the old.',
  samlAttributes: 'Attribute names',
  samlEmail: 'Email attribute',
  samlEmailHint: 'Leave the email attribute empty when the NameID is the email address.',
  samlFirstName: 'First name attribute',
  samlLastName: 'Last name attribute',
  samlProvider: 'Enter these at your identity provider',
  samlSpEntityId: 'Entity ID (audience)',
  samlAcsUrl: 'ACS URL (reply URL)',
  samlMetadataUrl: 'Metadata URL',
  copy: (what: string) => `Copy ${what}`,
  copied: 'Copied',
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
  roleAttribute: 'Role attribute (optional)',
  roleAttributeHint: 'An attribute whose value picks the role of a new account; otherwise Trainee.',
  roleMap: 'Claim value → role',
  roleMapSaml: 'Attribute value → role',
  roleMapHint: 'One per line: value=instructor (trainee, instructor or manager).',
  redirectUri: 'Redirect URI to register at the provider',
  test: 'Test connection',
  testOk: (issuer: string) => `Connected: ${issuer}`,
  save: 'Save',
  saved: 'Single sign-on saved',
  saveFailed: 'The settings could not be saved.',
  loadFailed: 'The single sign-on settings could not be loaded.',
};

/**
 * The styles of the sign-in card's "Sign in with your organization" button, shared by the button
 * (features/sso) and the stand-in the sign-in page shows while its code loads, which must take the
 * same space: on a narrow phone the label wraps onto a second line instead of being cut off.
 */
export const ssoButtonStyles = {
  root: { height: 'auto', minHeight: 'var(--button-height)' },
  inner: { paddingBlock: 8 },
  label: { whiteSpace: 'normal', textAlign: 'center' },
} as const;
