/**
 * Console copy of Settings, User detail, the admins list, Deleted Users, the upload field and the
 * emailed-link pages (000 §2.8–§2.11) that the spec does not quote; re-exported by ui-text.ts.
 * A module of its own so the sign-in page's bundle does not carry it.
 */
export const userText = {
  /** The admins list's empty state (decisions.md#console-flows §12). */
  noAdminsHint: 'Add an admin to share the running of the platform.',
  profileInformation: 'Profile information',
  profile: 'Profile',
  editProfile: 'Edit profile',
  notSet: '—',
  profileImage: 'Profile image',
  chooseImage: 'Choose image',
  removeImage: 'Remove image',
  imageHint: (maxKb: number) => `PNG, JPG, GIF or WEBP, up to ${maxKb} KB.`,
  imagePicked: (name: string) => `${name}: uploaded when you save.`,
  uploadProgress: 'Upload progress',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  phoneHint: (length: number) => `${length} characters, or leave empty.`,
  changePassword: 'Change password',
  newPassword: 'New password',
  passwordHint: (min: number, max: number) =>
    `${min} to ${max} characters. Leave empty to keep the current password.`,
  passwordRule: (min: number, max: number) => `${min} to ${max} characters.`,
  changeEmail: 'Email address',
  currentEmail: 'Current email',
  newEmail: 'New email address',
  sendConfirmationLink: 'Send confirmation link',
  emailChangePending: 'The address changes once the link is opened.',
  access: 'Access',
  activeHint: 'Inactive users cannot sign in.',
  creatorToggle: 'Creator',
  creatorHint: 'Creators write interviews, rating scales and feedback forms.',
  userIsDeleted:
    'This user is deleted and cannot sign in. Restore the account, or erase it for good.',
  deleteUserTitle: 'Delete user',
  deleteAdminTitle: 'Delete admin',
  deleteUserConfirm: (name: string) =>
    `Delete ${name}? The account stops working and is listed under Deleted Users, where it can be restored.`,
  deleteNamed: (name: string) => `Delete ${name}`,
  eraseTitle: 'Erase user for good',
  eraseWarning: (name: string) =>
    `Erasing removes ${name} and their personal data for good. Reviews they wrote stay, without their name. This cannot be undone.`,
  eraseTypeToConfirm: (text: string) => `Type "${text}" to confirm`,
  adminsIntro: 'People who run the platform: organizations, admins, avatars and environments.',
  addAdminIntro: 'The new admin receives an email with a link to choose a password.',
  searchAdmins: 'Search admins',
  searchPlaceholder: 'Name or email',
  actions: 'Actions',
  you: '(you)',
  deletedUsersIntro: 'Deleted users cannot sign in. Restore one to give the account back.',
  deletedOn: 'Deleted on',
  restoreUser: (name: string) => `Restore ${name}`,
  loadFailed: 'This page could not be loaded.',
  tryAgain: 'Try again',
  passwordResetIntro: 'Choose the new password for your account.',
  setNewPassword: 'Set new password',
  resetFailedHint: 'Ask for a new link on the sign-in page.',
  emailUpdateFailedHint: 'Ask for the email change again in Settings to get a new link.',
} as const;
