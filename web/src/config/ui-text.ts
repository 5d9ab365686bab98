/**
 * Console copy that the spec does not quote (brand, helper texts, accessible names). Every string
 * the spec quotes comes from the contract's `messages`/`format` instead; these are candidates for
 * the catalogue if the product wants one place for all copy.
 */
export const uiText = {
  brandName: 'Practica',
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
  appPageHeading: 'Practise on your phone',
  appPageBody:
    'Trainees answer their interviews in the mobile app. Download it from your store and sign in with the same account.',
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
  /** Organizations, seats and the dashboards (000 §2.5, §2.9). */
  organizationText: {
    createHint: 'Add the organization and its contact person. Seats and members come next.',
    details: 'Details',
    address: 'Address',
    contactPerson: 'Contact person',
    contactLockedHint: 'The contact person is set when the organization is created.',
    image: 'Organization image',
    create: 'Create organization',
    seats: 'Seats',
    seatsHint: 'Trainee seats cover active trainees and pending trainee invites.',
    traineeSeats: 'Trainee seats',
    creatorSeats: 'Creator seats',
    seatsInUse: (used: number, total: number) => `${used} of ${total} trainee seats in use`,
    creatorsInUse: (used: number, total: number) => `${used} of ${total} creator seats in use`,
    activeTrainees: 'Active trainees',
    noCreatorSeats: 'This organization has no creator seats.',
    activeLabel: 'Members can sign in',
    deactivateTitle: 'Deactivate this organization?',
    deactivateBody:
      'Its members are signed out and cannot sign in until the organization is activated again.',
    deactivate: 'Deactivate',
    memberTabs: 'Member lists',
    searchMembers: 'Search members',
    contentHint: 'Interviews, rating scales and feedback forms of this organization appear here.',
    assetsHint: 'Avatars and environments available to this organization appear here.',
    scope: 'Scope',
    readOnlyAssets: 'Avatars and environments are managed by the system admin.',
    inviteHint: 'Invite trainees, instructors and managers by email.',
    groupHint: 'Bring trainees and instructors together.',
  },
  /** Invites and invite registration (000 §2.7). */
  inviteText: {
    pendingInvites: 'Pending invites',
    expiresOn: (date: string) => `Expires ${date}`,
    group: 'Group',
    noGroup: 'No group',
    sendInvite: 'Send invite',
    formHint: (days: number) =>
      `We email a registration link. It works for ${days} days; re-send it to renew.`,
    copyLink: 'Copy link',
    expiredCopyLink: 'Expired: re-send the invite for a new link',
    resend: 'Re-send invite',
    deleteInvite: 'Delete invite',
    deleteConfirm: (name: string) =>
      `Delete the invite of ${name}? The registration link stops working.`,
    actions: 'Actions',
    registrationIntro: (organization: string, role: string) =>
      `You were invited to join ${organization} as ${role}. Choose a password to finish.`,
    createAccount: 'Create account',
    creatingAccount: 'Creating account...',
  },
  /** Groups (000 §2.6) and a user's groups (000 §2.10). */
  groupText: {
    noGroupSelectedHint: 'Choose a group to see its trainees and instructors.',
    noGroupsHint: 'Groups you create or belong to appear here.',
    members: 'Group members',
    noMembers: 'No members yet.',
    removeMember: (name: string) => `Remove ${name} from the group`,
    addMember: (name: string) => `Add ${name}`,
    unselectMember: (name: string) => `Take ${name} off the list`,
    organizationMembers: 'Organization members',
    selectedMembers: 'Selected members',
    nobodySelected: 'Nobody selected yet.',
    nobodyLeft: 'Everyone is already selected.',
    deleteConfirm: (name: string) =>
      `Delete the group '${name}'? Its members stay in the organization.`,
    createHint: 'Name the group and say what it is for. You add members next.',
    editGroups: 'Edit groups',
    userGroupsHint: 'The groups this person belongs to.',
    notGroupable: 'Groups hold trainees and instructors only.',
    chooseGroups: 'Choose groups',
    noUserGroups: 'Not in any group yet.',
    availableGroups: 'Available groups',
    chosenGroups: 'Chosen groups',
    allGroupsChosen: 'Every group is chosen.',
    organizationLabel: (name: string) => `Organization: ${name}`,
  },
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

/**
 * Copy of the content screens (001 §2) that the spec does not quote: accessible names, hints and
 * section headings. A separate export, like `userText`.
 */
export const contentText = {
  toggleStatus: (status: string) => `${status}: click to toggle Active/Inactive`,
  actions: 'Actions',
  systemContent: 'System content (read-only)',
  preview: 'Preview',
  open: 'Open',
  deleteItem: (name: string) => `Delete ${name}`,
  deleteConfirm: (name: string) => `Delete '${name}'? This cannot be undone.`,
  markDeletedConfirm: (name: string) =>
    `Mark '${name}' as deleted? It disappears from every list but Deleted.`,
  offerToOrganization: (name: string) => `Offer ${name} to this organization`,
  count: (n: number) => `${n} total`,
  details: 'Details',
  roles: 'Roles',
  roleName: (n: number) => `Role ${n} name`,
  roleAvatar: (n: number) => `Role ${n} avatar`,
  addRole: 'Add role',
  removeRole: (n: number) => `Remove role ${n}`,
  noQuestions: 'No questions yet.',
  saveFirstHint: 'Save the details to add questions.',
  addQuestion: 'Add question',
  editQuestion: (n: number) => `Edit question ${n}`,
  deleteQuestion: (n: number) => `Delete question ${n}`,
  deleteQuestionConfirm: 'Delete this question? This cannot be undone.',
  questionText: 'Question',
  questionType: 'Question type',
  questionDetails: 'Question details',
  options: 'Options',
  optionsCount: (n: number, max: number) => `${n}/${max}`,
  addOption: 'Add Option',
  removeOption: (n: number) => `Remove option ${n}`,
  correctAnswer: 'Correct answer',
  audios: 'Audio prompts',
  addAudio: 'Add audio',
  chooseMp3: 'Choose mp3',
  replaceMp3: 'Replace mp3',
  removeAudio: (n: number) => `Remove audio ${n}`,
  audioFile: (n: number) => `Audio ${n}`,
  avatarOf: (n: number) => `Avatar of audio ${n}`,
  noAvatar: 'No avatar',
  uploadProgress: 'Upload progress',
  general: 'General',
  organization: 'Organization',
  origin: 'Origin',
  statusFilter: 'Status filter',
  scope: 'Scope',
  contentTabs: 'Content types',
  evaluationTabs: 'Evaluation types',
  reviewItem: (name: string) => `Review ${name}`,
  noDescription: '—',
  questionCountOf: (n: number, max: number) => `${n}/${max}`,
} as const;
