/**
 * Console copy that the spec does not quote (brand, helper texts, accessible names). Every string
 * the spec quotes comes from the contract's `messages`/`format` instead; these are candidates for
 * the catalogue if the product wants one place for all copy.
 */
import { brandName, themeText } from './brand';

export const uiText = {
  brandName,
  brandTagline: 'Interview practice for training teams',
  staffConsole: 'Staff console',
  copyright: '© Practica',
  loginHighlights: [
    'Build interviews with roles, avatars and spoken questions',
    'Rate answers with shared scales and feedback forms',
    'Follow every trainee from assignment to review',
  ],
  signInHeading: 'Welcome back',
  signInSubheading: 'Sign in to the staff console.',
  resetSubheading: "Enter your email address and we'll send you a link to choose a new password.",
  resetSentBody: (email: string) =>
    `If an account exists for ${email}, a link to reset the password is on its way.`,
  skipToContent: 'Skip to content',
  mainNavigation: 'Main navigation',
  toggleNavigation: 'Toggle navigation',
  closeNavigation: 'Close navigation',
  userMenu: 'Account',
  rowsPerPage: 'Rows per page',
  pagination: 'Pagination',
  paginationControls: themeText.paginationControls,
  /** The close icon of dialogs and toasts. */
  close: themeText.close,
  range: (from: number, to: number, total: number) => `${from}–${to} of ${total}`,
  noCount: '—',
  organizationsIntro:
    'Every organization on the platform, with its groups, trainees and interviews.',
  comingSoonTitle: 'Coming soon',
  comingSoonBody: 'This screen is part of the console and arrives in an upcoming release.',
  goHome: 'Go to the start page',
  reload: 'Reload the page',
  reloadHint: 'The console hit an unexpected problem. Reloading usually fixes it.',
  notFoundBody: 'The address may be mistyped, or the page may have moved.',
  appPageHeading: 'Practise your interviews',
  practiseInBrowser: 'Practise in your browser',
  appPageBody:
    'Trainees answer their interviews in Practica Practice: right here in the browser, on a phone or a computer, or in the mobile app.',
  practiseContinuesAs: (email: string) => `No need to sign in again: you continue as ${email}.`,
  orGetTheApp: 'or get the mobile app',
  appStoreBadge: {
    top: 'Download on the',
    bottom: 'App Store',
    label: 'Download on the App Store',
  },
  googlePlayBadge: { top: 'GET IT ON', bottom: 'Google Play', label: 'Get it on Google Play' },
  marketingFrameTitle: 'Practica product overview',
  inviteRegistrationTitle: 'Join your team',
  emailUpdateTitle: 'Email update',
  passwordResetTitle: 'Choose a new password',
  pendingReviewListTitle: 'Answers waiting for a review',
} as const;

/**
 * The copy of Settings, User detail, the admins list, Deleted Users, the upload field and the
 * emailed-link pages (000 §2.8–§2.11) lives in its own module, re-exported here: the sign-in
 * page does not import it, so its bundle does not carry it (the size budget of /login).
 */
export { userText } from './user-text';

/** Avatars, environments and an organization's assets (001 §2 'Avatars and environments'). */
export const assetText = {
  avatarsIntro:
    'Avatars speak the questions of an interview. Admins share them with organizations.',
  environmentsIntro: 'Environments are the rooms an interview takes place in.',
  newAvatar: 'New avatar',
  newEnvironment: 'New environment',
  image: 'Image',
  imageRequired: 'Choose an image.',
  thumbnail: 'Image',
  updated: 'Updated',
  actions: 'Actions',
  editNamed: (name: string) => `Edit ${name}`,
  deleteNamed: (name: string) => `Delete ${name}`,
  deleteTitle: (kind: string) => `Delete ${kind.toLowerCase()}`,
  deleteConfirm: (name: string) =>
    `Delete ${name}? Organizations that use it lose it. An asset used by an interview or an assignment cannot be deleted.`,
  toggleNamed: (name: string) => `Available to the organization: ${name}`,
  available: 'Available',
  ownAsset: 'Own',
  assetsHint: 'Switch an avatar or environment on to make it available to this organization.',
  readOnlyAssets: 'The avatars and environments your organization may use.',
  pickerTitle: 'Choose an avatar',
  pickerTitleMany: 'Choose avatars',
  pickerEmpty: 'No avatars yet.',
  selectedCount: (n: number) => `${n} selected`,
} as const;
