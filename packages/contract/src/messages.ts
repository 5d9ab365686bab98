/**
 * The message catalogue: every user-facing string of the two spec documents, verbatim
 * (spelling and punctuation kept, e.g. "Repeat password doesn't matched with password!").
 * Server answers, zod schemas and the console all import from here; never retype a string.
 *
 * `messages` holds the fixed strings, grouped by spec section; `format` holds the templated ones.
 * Strings the spec does not quote (server-side texts, limits it leaves unworded) are kept apart at
 * the end, under "Not in the spec".
 */
import {
  contactNameMaxLength,
  contactNameMinLength,
  eraseConfirmationFallback,
  inviteBatchMaxRows,
  organizationAddressMaxLength,
  organizationAddressMinLength,
  organizationNameMaxLength,
  organizationNameMinLength,
  ratingScaleMax,
  searchMinLength,
  seatsMax,
  seatsMin,
} from './constants';

export const messages = {
  // ---------------------------------------------------------------------------
  // 000 §2.1 / §2.2 / 001 §2: routing
  // ---------------------------------------------------------------------------
  pageNotFound: 'Page Not Found!',
  accessDenied: 'Access Denied...',

  // ---------------------------------------------------------------------------
  // 000 §2.3: login screen
  // ---------------------------------------------------------------------------
  login: 'Login',
  loggingIn: 'Logging in...',
  forgotPassword: 'Forgot password?',
  sendResetLink: 'Send reset link',
  sendingLink: 'Sending link...',
  resetLinkSent: 'Reset link sent!',
  backToLogin: 'Back to Login',
  emailAddress: 'Email address',
  password: 'Password',

  // ---------------------------------------------------------------------------
  // 000 §2.4: shell (sidebar, top bar, shared list views)
  // ---------------------------------------------------------------------------
  dashboard: 'Dashboard',
  admins: 'Admins',
  assignments: 'Assignments',
  groups: 'Groups',
  organization: 'Organization',
  contents: 'Contents',
  creatorDashboard: 'Creator dashboard',
  settings: 'Settings',
  logout: 'Logout',
  logoutConfirm: 'Are you sure you want to logout?',
  creatorAmpersand: 'Creator &',
  loading: 'Loading...',
  noRecordsFound: 'No records found!',

  // ---------------------------------------------------------------------------
  // 000 §2.5 / 001 §2: dashboards and their cards
  // ---------------------------------------------------------------------------
  totalTrainees: 'Total Trainees',
  activeAssignments: 'Active Assignments',
  pendingReview: 'Pending Review',
  interviews: 'Interviews',
  ratingScales: 'Rating scales',
  feedbackForm: 'Feedback form',
  newInvite: 'New Invite',
  createGroup: 'Create Group',
  seatsUsage: 'Seats Usage',
  traineeInvites: 'Trainee Invites',
  creators: 'Creators',
  inactive: 'Inactive',
  organizations: 'Organizations',

  // ---------------------------------------------------------------------------
  // 000 §2.6: groups
  // ---------------------------------------------------------------------------
  noGroupSelected: 'No group selected',
  trainees: 'Trainees',
  instructors: 'Instructors',
  managers: 'Managers',
  name: 'Name',
  description: 'Description',
  editGroup: 'Edit Group',
  addMembers: 'Add Members',

  // ---------------------------------------------------------------------------
  // 000 §2.7: invites
  // ---------------------------------------------------------------------------
  invites: 'Invites',
  inviteMember: 'Invite Member',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  repeatPassword: 'Repeat password',
  phoneNumber: 'Phone number',
  expired: 'Expired',
  pending: 'Pending',

  // ---------------------------------------------------------------------------
  // 000 §2.9: organizations (admin)
  // ---------------------------------------------------------------------------
  members: 'Members',
  content: 'Content',
  assets: 'Assets',
  feedbackForms: 'Feedback forms',
  general: 'General',
  avatars: 'Avatars',
  environments: 'Environments',
  deletedUsers: 'Deleted Users',
  addAdmin: 'Add Admin',
  restore: 'Restore',
  erase: 'Erase',

  // ---------------------------------------------------------------------------
  // 000 §2.11: result pages
  // ---------------------------------------------------------------------------
  invalidTokenTryAgain: 'Invalid token. Please try again',

  // ---------------------------------------------------------------------------
  // 000 §5: validation
  // ---------------------------------------------------------------------------
  emailAddressRequired: 'Email address is required!',
  passwordRequired: 'Password is required!',
  groupNameRequired: 'Group name is required!',
  groupDescriptionRequired: 'Group description is required!',
  firstNameRequired: 'First name is required!',
  lastNameRequired: 'Last name is required!',
  emailRequired: 'Email is required!',
  passwordMinLength: 'Password must be at least 4 characters long!',
  passwordMaxLength: 'Password must be at most 14 characters long!',
  repeatPasswordMismatch: "Repeat password doesn't matched with password!",
  imageTooLarge: 'File size exceeds 300KB. Please choose a smaller file.',
  phoneNumberInvalid: 'Phone number is invalid!',
  traineeSeatsMin: 'Trainees must be 0 or more.',
  eraseConfirmationFallback,

  // ---------------------------------------------------------------------------
  // 000 §8: error catalogue
  // ---------------------------------------------------------------------------
  somethingWentWrongTryLater: 'Something went wrong, Please try again after sometime!',
  checkInternetConnection: 'Please check your internet connection!',
  unexpectedResponseStructure: 'Unexpected response structure',
  somethingWentWrong: 'Something went wrong',
  emailOrPasswordIncorrect: 'Email or Password is incorrect!',
  invalidUsernameOrPassword: 'Invalid username or password',
  unableToConnect: 'Unable to connect to the server. Please try again later.',
  unexpectedErrorTryAgain: 'An unexpected error occurred. Please try again.',
  somethingWentWrongNoOrganization: 'Something went wrong.',
  failedToUploadImage: 'Failed to upload image!',
  failedToUpdateEmail: 'Failed to update email!',
  failedToDeleteGroup: 'Failed to delete group',
  inviteInvalid: 'Invite invalid',
  failedToDeleteUser: 'Failed to delete user!',
  failedToRestoreUser: 'Failed to restore user!',
  failedToCreateAdmin: 'Failed to create admin!',
  failedToDeleteAdmin: 'Failed to delete admin!',
  failedToUpdateOrganizationSeats: 'Failed to update organization seats!',
  failedToSaveUserGroups: 'Failed to save user groups!',

  // 000 §8: successes
  successfullyLogin: 'Successfully login!',
  userCreated: 'User Created Successfully!',
  userUpdated: 'User Updated Successfully!',
  userStatusUpdated: 'User Status Updated!',
  passwordUpdated: 'Password Updated Successfully!',
  emailUpdated: 'Email Updated Successfully!',
  emailUpdateLinkSent: 'Email update confirmation link sent to new address!',
  passwordResetLinkSent: 'Password reset link sent to email!',
  organizationCreated: 'Organization Created Successfully!',
  organizationUpdated: 'Organization Updated Successfully!',
  organizationSeatsUpdated: 'Organization seats updated successfully!',
  inviteSent: 'Invite sent successfully!',
  inviteDeleted: 'Invite deleted successfully!',
  inviteResent: 'Invite re-sent!',
  linkCopied: 'Link copied to clipboard!',
  groupCreated: 'Group Created Successfully!',
  groupUpdated: 'Group Update Successfully!',
  userDeleted: 'User deleted!',
  userErased: 'User erased!',
  userRestored: 'User restored!',
  userGroupsSaved: 'User groups saved successfully!',

  // ---------------------------------------------------------------------------
  // 001 §2: content lists and editors
  // ---------------------------------------------------------------------------
  searchByName: 'Search by name',
  newInterview: 'New Interview',
  editInterview: 'Edit interview',
  newQuestion: 'New question',
  editQuestion: 'Edit question',
  newEvaluation: 'New evaluation',
  editEvaluation: 'Edit evaluation',
  saving: 'Saving...',
  status: 'Status',
  questions: 'Questions',
  lastEdited: 'Last edited',
  contentTypeColumn: 'Content Type',
  ratings: 'Ratings',
  feedback: 'Feedback',
  all: 'All',
  active: 'Active',
  deleted: 'Deleted',
  review: 'Review',
  draft: 'Draft',

  // 001 §2: assignments list
  completed: 'Completed',
  drafted: 'Drafted',
  dueDate: 'Due Date',
  createdBy: 'Created by',
  noDate: '-',

  // 001 §2: assignment wizard
  assignmentWizard: 'Assignment wizard',
  stepAssignmentInfo: 'Assignment Info',
  stepSelectInterview: 'Select interview',
  stepSelectRoles: 'Select roles',
  stepSelectEvaluation: 'Select evaluation',
  stepRecap: 'Recap',
  title: 'Title',
  type: 'Type',
  interviewType: 'Interview',
  origin: 'Origin',
  date: 'Date',
  role: 'Role',
  avatar: 'Avatar',
  environment: 'Environment',
  select: 'Select',
  back: 'Back',
  next: 'Next',
  confirm: 'Confirm',
  evaluationChosen: '(1/1)',
  evaluationNotChosen: '(0/1)',

  // 001 §2: assignment detail and edit
  toReview: 'To review',
  reviewed: 'Reviewed',
  submitted: 'Submitted',
  score: 'Score',
  instructorsCountTitle: 'Instructors:',
  averageScore: 'Average Score',
  returnToDraft: 'Return to Draft',
  closeAssignment: 'Close Assignment',
  printReport: 'Print Report',
  editAssignment: 'Edit assignment',
  save: 'Save',
  delete: 'Delete',
  publish: 'Publish',
  cancel: 'Cancel',
  remove: 'Remove',
  add: 'Add',

  // 001 §2 / §4: content actions
  edit: 'Edit',
  returnDraft: 'Return draft',
  approve: 'Approve',
  submit: 'Submit',

  // ---------------------------------------------------------------------------
  // 001 §5: validation
  // ---------------------------------------------------------------------------
  titleRequired: 'Title is required!',
  descriptionRequired: 'Description is required!',
  roleRequired: 'Role is required!',
  cannotSubmitInterview: 'Cannot submit interview',
  missingRoles: 'Missing roles: Add roles to the interview',
  questionsWithoutRole: 'One or more questions do not have a role: ',
  saveInterviewBeforeSubmitting: 'Save interview before submitting',
  saveEvaluationBeforeSubmitting: 'Save evaluation before submitting',
  questionTextRequired: 'Question text is required!',
  questionRequiresOptions: 'Question requires answer options',
  audioFileMissing: 'Audio file missing',
  audioMustBeMp3: 'File must be in .mp3 format',
  audioTooLarge: 'File size exceeds 500KB. Please choose a smaller file.',
  selectInterviewToContinue: 'Select an Interview to continue',
  selectEnvironmentToContinue: 'Select an Environment to continue',
  selectAvatarToContinue: 'Select an Avatar to continue',
  selectRatingScaleToContinue: 'Select a Rating Scale to continue',
  selectFeedbackFormToContinue: 'Select a Feedback Form to continue',
  invalidFeedbackSelection: 'Invalid Feedback Selection',
  invalidRatingsSelection: 'Invalid Ratings Selection',
  allQuestionsMustBeAnswered: 'All questions must be answered.',

  // ---------------------------------------------------------------------------
  // 001 §8: error catalogue
  // ---------------------------------------------------------------------------
  failedToChangeStatus: 'Failed to change status.',
  errorUpdatingStatus: 'An error occurred while updating status. Please try again later.',
  failedToAddInterview: 'Failed to add interview!',
  failedToRemoveInterview: 'Failed to remove interview!',
  failedToSaveAssignment: 'Failed to save assignment!',
  failedToUpdateAssignmentStatus: 'Failed to update assignment status!',
  failedToDeleteAssignment: 'Failed to delete assignment!',
  failedToRemoveUser: 'Failed to remove user!',
  failedToSaveTraineeAssignments: 'Failed to save trainee assignments!',
  failedToSubmitInterviewReview: 'Failed to submit interview review!',
  failedToDeleteInterview: 'Failed to delete interview!',
  failedToDeleteEvaluation: 'Failed to delete evaluation!',
  failedToDeleteAvatar: 'Failed to delete avatar!',
  failedToDeleteEnvironment: 'Failed to delete environment!',
  failedToAddAsset: 'Failed to add asset!',
  failedToDeleteAsset: 'Failed to delete asset!',
  failedToUploadAvatarAudio: 'Failed to upload avatar audio!',
  failedToUploadAvatarAudios: 'Failed to upload avatar audios',
  somethingWentWrongPrinting: 'Something went wrong while printing record',
  interviewIsNull: 'Interview is null or undefined',

  // 001 §8: successes
  contentStatusUpdated: 'Content Status Updated!',
  interviewStatusChanged: 'Interview status changed!',
  interviewAddedToOrganization: 'Interview added to organization!',
  interviewRemovedFromOrganization: 'Interview removed from organization!',
  traineeRemoved: 'Trainee removed successfully!',
  assignmentTraineesSaved: 'Successfully saved assignment trainees!',
  traineeAssignmentsSaved: 'Trainee assignments saved successfully!',
  interviewReviewSubmitted: 'Interview review submitted!',
  interviewCreated: 'Interview Created Successfully!',
  interviewUpdated: 'Interview Updated Successfully!',
  interviewDeleted: 'Interview deleted successfully!',
  evaluationCreated: 'Evaluation Created Successfully!',
  evaluationUpdated: 'Evaluation Updated Successfully!',
  evaluationDeleted: 'Evaluation deleted successfully!',
  interviewAssignmentCreated: 'Interview assignment created successfully!',
  interviewAssignmentUpdated: 'Interview assignment updated Successfully!',
  assignmentDeleted: 'Assignment deleted successfully!',
  questionCreated: 'Question Created Successfully!',
  questionUpdated: 'Question Updated Successfully!',
  questionDeleted: 'Question deleted successfully!',
  assetCreated: 'Asset created successfully!',
  assetUpdated: 'Asset updated successfully!',
  assetDeleted: 'Asset deleted successfully!',

  // ---------------------------------------------------------------------------
  // 001 §9: report export (spreadsheet)
  // ---------------------------------------------------------------------------
  reportFileNamePrefix: 'AssignmentReport',
  reportFileExtension: '.xlsx',
  reportSheetName: 'Report',
  reportColUserId: 'UserId',
  reportColFirstName: 'First Name',
  reportColLastName: 'Last Name',
  reportColCompletedDate: 'Completed date',
  reportColPractice: 'Practice #',
  reportColTotalDuration: 'Total Duration (s)',
  reportColReviewerId: 'Reviewer Id',
  reportColReviewerFirstName: 'Reviewer First Name',
  reportColReviewerLastName: 'Reviewer Last Name',
  reportColReviewedDate: 'Reviewed date',
  reportColAvgScore: 'Avg Score',
  reportNotAvailable: 'N/A',
  reportFeedbackJoiner: '| ',

  // ---------------------------------------------------------------------------
  // decisions.md
  // ---------------------------------------------------------------------------
  noTraineeSeatsLeft: 'No trainee seats left',
  noCreatorSeatsLeft: 'No creator seats left',
  deletedUser: 'Deleted user',

  // ---------------------------------------------------------------------------
  // Not in the spec: server answers and limits the spec leaves unworded.
  // ---------------------------------------------------------------------------
  notFound: 'Not found',
  tooManyRequests: 'Too many requests, please try again later.',
  forbidden: 'You do not have permission to do this.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  unauthorized: 'Please sign in to continue.',
  validationFailed: 'Please correct the highlighted fields.',
  conflict: 'This change conflicts with the current data.',
  payloadTooLarge: 'The request is too large.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again later.',
  ok: 'OK',
  emailInvalid: 'Email address is invalid!',
  emailAlreadyInUse: 'A user with this email address already exists!',
  searchTooShort: `Search text must be at least ${searchMinLength} characters long!`,
  pageSizeInvalid: 'Page size must be 25, 50 or 100!',
  pageInvalid: 'Page must be 1 or more!',
  idInvalid: 'Id must be a positive whole number!',
  lineHasControlCharacters: 'Text must not contain line breaks or invisible control characters!',
  textHasControlCharacters: 'Text must not contain invisible control characters!',
  bodyNotJson: 'The request body is not valid JSON.',
  bodyEmpty: 'The request body is empty.',
  contentTypeUnsupported: 'Send the request body as JSON (Content-Type: application/json).',
  requestUnreadable: 'The request could not be read.',
  organizationNameRequired: 'Organization name is required!',
  organizationNameMinLength: `Organization name must be at least ${organizationNameMinLength} characters long!`,
  organizationNameMaxLength: `Organization name must be at most ${organizationNameMaxLength} characters long!`,
  addressRequired: 'Address is required!',
  addressMinLength: `Address must be at least ${organizationAddressMinLength} characters long!`,
  addressMaxLength: `Address must be at most ${organizationAddressMaxLength} characters long!`,
  contactFirstNameMinLength: `First name must be at least ${contactNameMinLength} characters long!`,
  contactFirstNameMaxLength: `First name must be at most ${contactNameMaxLength} characters long!`,
  contactLastNameMinLength: `Last name must be at least ${contactNameMinLength} characters long!`,
  contactLastNameMaxLength: `Last name must be at most ${contactNameMaxLength} characters long!`,
  nameTooLong: 'Name is too long!',
  descriptionTooLong: 'Description is too long!',
  /** decisions.md#console-flows §7: the reason of 'Return draft' over its limit. */
  returnReasonTooLong: 'The reason is too long!',
  textTooLong: 'Text is too long!',
  traineeSeatsMax: `Trainees must be ${seatsMax} or less.`,
  creatorSeatsMin: `Creators must be ${seatsMin} or more.`,
  creatorSeatsMax: `Creators must be ${seatsMax} or less.`,
  seatsMustBeWholeNumber: 'Seats must be a whole number.',
  passwordTooLong: 'Password is too long!',
  roleInvalid: 'Role is invalid!',
  adminNotInvitable: 'Admins cannot be invited.',
  instructorInvitesTraineesOnly: 'Instructors may invite trainees only.',
  groupNotOfferedForRole: 'A group can only be chosen for trainees and instructors.',
  firstAdminUndeletable: 'The first admin cannot be deleted.',
  cannotDeleteYourself: 'You cannot delete yourself.',
  eraseRequiresSoftDelete: 'Only a deleted user can be erased.',
  eraseConfirmationMismatch: 'The confirmation text does not match.',
  creatorNotForTrainees: 'Creator rights cannot be given to trainees.',
  inviteExpired: 'This invite has expired.',
  /** decisions.md#console-flows §10: a registration link whose invite was already accepted. */
  inviteUsed: 'This invite has already been used. Sign in with the account it created.',
  tokenInvalidOrExpired: 'This link is invalid or has expired.',
  /** decisions.md#insights-and-administration §2: the CSV import of invites. */
  importRoleInvalid: 'Role must be Trainee, Instructor or Manager.',
  importRowsTooMany: `A file may have at most ${inviteBatchMaxRows} rows.`,
  importRowsRequired: 'The file has no rows to invite.',
  importUserExists: 'Already a user: not invited.',
  importPendingInvite: 'Has a pending invite: it will be re-sent.',
  organizationInactive: 'This organization is inactive.',
  organizationRequired: 'Choose the organization of the new user.',
  contactSetAtCreation:
    "An organization's contact is set when it is created and cannot be changed.",
  fileTooLarge: 'The file is too large.',
  fileTypeNotAllowed: 'This file type is not allowed.',
  uploadIncomplete: 'The file upload is not complete.',
  uploadDailyLimitReached:
    'You have reached your daily upload limit. Please try again tomorrow or ask an administrator.',
  fileLinkInvalid: 'This file link is invalid or has expired. Reload the page to get a new one.',
  uploadLengthRequired: 'Declare the size of the video (Upload-Length) when the upload starts.',
  /** The file store failed or refused a call (S3 unreachable, a disk that cannot be written): 503. */
  storageUnavailable: 'Storage is unavailable, try again later.',
  avatarNameRequired: 'Avatar name is required!',
  environmentTitleRequired: 'Environment title is required!',
  tooManyQuestions: 'This interview already has the maximum number of questions.',
  tooManyOptions: 'This question already has the maximum number of options.',
  tooManyRoles: 'An interview has at most 4 roles.',
  tooManyAudios: 'A question has at most 4 audio rows.',
  questionTypeNotAllowed: 'This question type is not allowed for this content.',
  contentNotEditable: 'Only Draft content can be edited.',
  statusTransitionNotAllowed: 'This status change is not allowed.',
  assignmentInUse: 'An active assignment uses this content.',
  assignmentClosed: 'This assignment is closed.',
  ratingOutOfRange: `A rating must be between 1 and ${ratingScaleMax}.`,
  // The trainees' API (decisions.md) and the review call.
  pastDueDate: 'The due date of this assignment has passed.',
  alreadySubmitted: 'This answer has already been submitted.',
  questionNotInInterview: 'This question is not part of the interview.',
  duplicateQuestion: 'Each question can be answered only once.',
  videoRequired: 'Upload the video of this answer first.',
  durationInvalid: 'The duration must be a number of seconds.',
  notReviewable: 'Only submitted answers can be reviewed.',
  questionNotInForm: 'This question is not part of the form.',
  optionInvalid: 'Choose among the options of this question.',
  traineeMismatch: 'The trainee does not match this answer.',
  questionnaireMismatch: 'This form is not part of the assignment.',
  questionnaireRequired:
    'Name the form these answers belong to in questionnaireID (the rating scale or the feedback form).',
  filterInvalid: 'The filter must be a JSON object such as {"contentTypeId":2,"status":3}.',
  answersSubmitted: 'Your answers were submitted.',
  answersSaved: 'Your answers were saved.',
  practiceStarted: 'Practice started.',
  // Media processing of answer videos (decisions.md#media §2).
  mediaRetried: 'The video is being processed again.',
  mediaNotFailed: 'Only a video whose processing failed can be processed again.',
  mediaProcessingOff: 'Video processing is not available on this server (no ffmpeg).',
  // Why an answer video's processing failed for good (the review screen shows it).
  mediaUnreadable: 'This recording could not be read as a WebM or MP4 video.',
  mediaTooSlow: 'Processing this recording took too long.',
  // Time-coded comments of a review (decisions.md#review-loop §3).
  reviewCommentSubmitted: 'This comment belongs to a submitted review and cannot be changed.',
  reviewCommentTextRequired: 'Comment text is required!',
  reviewCommentTimeInvalid: 'The time must be a whole number of milliseconds within the video.',
  reviewCommentNotYours: 'Only its author can change a draft comment.',
  // Assignments.
  closeDateInvalid: 'Due date must be a valid date (YYYY-MM-DD)!',
  closeDateInPast: 'Due date cannot be before today!',
  memberInactive: 'Inactive or deleted users cannot be added to an assignment.',
  compositionLocked:
    'Return the assignment to Draft to change its interview, roles, environment or evaluations.',
  organizationFixed: 'An assignment cannot move to another organization.',
  deleteOnlyDraft: 'Only a Draft assignment can be deleted.',
  removeOnlyPending: 'Only trainees whose answer is Pending can be removed.',
  mobileAssetsBanner:
    'The avatars and environments of the mobile app are fixed: do not create or edit them.',
  // The review inbox (decisions.md#review-loop §1).
  reviewInboxOrganizationRequired:
    'Choose the organization whose reviews to list (organizationId).',
  reviewInboxClaimInvalid: "The claim filter must be 'mine' or 'unclaimed'.",
  // Review safety (decisions.md#review-loop §4): the review call's If-Match.
  ifMatchInvalid: 'If-Match must be * or review versions in quotes, e.g. "3".',
  reviewVersionStale: 'This answer changed since you opened it. Reload it and review again.',
  // Review drafts and the audit log (decisions.md#review-loop §5, §6).
  reviewDraftInvalid: 'A review draft holds its answers as texts by question id.',
  reviewDraftQuestionInvalid: 'A review draft names its questions by their ids.',
  reviewDraftTextInvalid: 'An answer of a review draft must be a text of at most 5000 characters.',
  reviewDraftTooLarge: 'A review draft holds at most 100 answers per form.',
  auditActionInvalid:
    "The action filter must be 'assignment.status', 'answer.status', 'review.submitted' or 'claim.takenOver'.",
  // Notification mails (decisions.md#console-flows §16): each user's settings.
  notificationSettingsSaved: 'Notification settings saved.',
  notificationKindInvalid: 'This notification is not one your account receives.',
} as const;

/** Templated strings of the spec, verbatim around their placeholders. */
export const format = {
  // decisions.md#insights-and-administration §2: the CSV import of invites.
  importGroupUnknown: (name: string) => `No group named "${name}" in this organization.`,
  importDuplicateEmail: (row: number) => `The same email is on row ${row} of this file.`,
  importSeatsExceeded: (free: number, needed: number) =>
    `Only ${free} of the ${needed} trainee invites fit in the free seats. Remove rows, or ask an Admin to raise the trainee seats.`,
  invitesImported: (created: number, resent: number, skipped: number) =>
    `Invites sent: ${created} new, ${resent} re-sent, ${skipped} skipped.`,
  invitesImportPreview: (created: number, resent: number, skipped: number) =>
    `Ready to send: ${created} new, ${resent} re-sent, ${skipped} skipped.`,
  /** The row a CSV import names a group id that is not the organization's (decisions.md#insights-and-administration §2). */
  importGroupIdUnknown: (id: number) => `Group ${id} is not a group of this organization.`,
  // 000 §2.4: top bar role label, 'Creator &' before the role label when the user is a creator.
  roleLabel: (role: string, creator: boolean) => (creator ? `Creator & ${role}` : role),
  // 000 §2.6: group tabs Trainees(n) and Instructors(n).
  traineesTab: (n: number) => `Trainees(${n})`,
  instructorsTab: (n: number) => `Instructors(${n})`,
  // 000 §2.7: 'Invites', prefixed with the organization name for admins.
  invitesTitle: (organizationName?: string | null) =>
    organizationName ? `${organizationName} Invites` : 'Invites',
  // 000 §2.5: seat usage (used over total).
  countOf: (n: number, max: number) => `${n}/${max}`,

  // 000 §8: templated fallbacks and successes.
  failedToRemoveUserFromGroup: (group: string) => `Failed to remove user from '${group}' group!`,
  removedUserFromGroup: (group: string) => `Removed user from '${group}' group!`,
  emailUpdateLinkSentTo: (email: string) => `Email update confirmation link sent to: ${email}`,
  roleSuccessfullyInvited: (role: string) => `${role} Successfully Invited!`,
  userStatusChanged: (active: boolean) =>
    `User status changed to ${active ? 'Active' : 'Inactive'}!`,
  creatorStatusChanged: (enabled: boolean) =>
    `Creator status changed to ${enabled ? 'Enabled' : 'Disabled'}!`,
  /** 000 §8 'Group trainees/instructors updated successfully!', one of the two words. */
  groupMembersUpdated: (members: 'trainees' | 'instructors') =>
    `Group ${members} updated successfully!`,

  // 001 §2: editors and review.
  newQuestionTitle: (contentTypeLabel: string) => `${contentTypeLabel}: New question`,
  questionShortLabel: (n: number) => `Q${n}`,
  reviewTitle: (assignmentName: string, traineeFullName: string) =>
    `${assignmentName}: ${traineeFullName}`,
  evaluationCounter: (chosen: boolean) => (chosen ? '(1/1)' : '(0/1)'),
  dateRange: (start: string, close: string) => `${start} - ${close}`,
  scoreOutOf: (score: number) => `${score}/${ratingScaleMax}`,

  // 001 §5: validation.
  questionsWithoutRole: (ids: readonly (number | string)[]) =>
    `One or more questions do not have a role: ${ids.join(', ')}`,
  questionInvalidRoleId: (id: number | string) => `Question ${id} has an invalid roleID`,
  optionName: (n: number) => `Option ${n}`,
  selectAtLeastUsers: (n: number) => `Select at least ${n} user(s)`,

  // 001 §8: templated successes.
  statusUpdatedTo: (status: string) => `Updated status to '${status}'`,
  assignmentStatusUpdatedTo: (status: string) => `Assignment status updated to ${status}!`,
  assetAddedToOrganization: (type: string) => `${type} added organization!`,
  assetRemovedFromOrganization: (type: string) => `${type} removed organization!`,

  // 001 §9: report export.
  reportFileName: (assignmentId: number | string, timestamp: string) =>
    `AssignmentReport${assignmentId}-${timestamp}.xlsx`,
  reportRatingColumn: (n: number, questionText: string) => `R${n} - ${questionText}?`,
  reportFeedbackColumn: (n: number, questionText: string) => `F${n} - ${questionText}?`,
  /** 400 of POST /me/assignments/{id}/submit: names the questions without a recorded answer. */
  missingAnswers: (labels: readonly string[]) =>
    `Record an answer to every question before submitting. Missing: ${labels.join(', ')}.`,
  /** One detail of that 400: 'Q2: Why do you want to work here?'. */
  missingAnswer: (number: number, text: string) => `${format.questionShortLabel(number)}: ${text}`,
  /** 409 of a claim another reviewer holds (decisions.md#review-loop §4): 'Maya Manning is reviewing this answer'. */
  answerClaimedBy: (name: string) => `${name} is reviewing this answer`,
  /**
   * 409 of a review sent against an older review version (decisions.md#review-loop §4), the time in the console's
   * date format (`dateFormat`, month.day.year) and 24-hour time, UTC unless `timeZone` is given:
   * 'Maya Manning reviewed this answer on 11.25.2026 at 10:42.'
   */
  answerReviewedBy: (name: string, at: Date | string, timeZone = 'UTC') => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(at))
        .map((p) => [p.type, p.value]),
    );
    return `${name} reviewed this answer on ${parts.month}.${parts.day}.${parts.year} at ${parts.hour}:${parts.minute}.`;
  },
  /** What replaces an answer's player once VIDEO_RETENTION_DAYS removed it (null: days unknown). */
  videoDeletedAfter: (days: number | null) =>
    days === null
      ? 'The video was deleted'
      : `The video was deleted after ${days} ${days === 1 ? 'day' : 'days'}`,
  /**
   * Why an answer video's processing failed for good when it runs past the answer time limit
   * (`limitSeconds`, the contract's `answerTimeLimitSeconds`): 'This recording is longer than the
   * 3-minute limit.'
   */
  mediaTooLong: (limitSeconds: number) =>
    limitSeconds % 60 === 0
      ? `This recording is longer than the ${limitSeconds / 60}-minute limit.`
      : `This recording is longer than the ${limitSeconds}-second limit.`,
} as const;
