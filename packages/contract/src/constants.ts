/**
 * Business constants and limits of the spec (000 §9, 001 §9) and of decisions.md, each defined once.
 * Both the zod schemas and the console's forms read them; never retype a number elsewhere.
 * Units are in the names (…Ms, …Bytes, …Px).
 */

// ---------------------------------------------------------------------------
// Paging and search (000 §9, 001 §9, decisions.md#api)
// ---------------------------------------------------------------------------

/** 000 §9: the page size presets. */
export const pageSizeOptions = [25, 50, 100] as const;
export type PageSize = (typeof pageSizeOptions)[number];
/** 000 §9 / 001 §9: the first preset is the default (evaluations, groups, assignments, every other list). */
export const defaultPageSize = 25 satisfies PageSize;
/** 001 §9: the answers list defaults to the third preset. */
export const answersDefaultPageSize = 100 satisfies PageSize;
/** 000 §9: pages are 1-based. */
export const defaultPage = 1;
/** 000 §9 / 001 §5: a search text needs at least 3 characters. */
export const searchMinLength = 3;

// ---------------------------------------------------------------------------
// Requests and toasts (000 §7, 000 §9)
// ---------------------------------------------------------------------------

/** 000 §7 / §9: the 2-minute request time-out. */
export const requestTimeoutMs = 120_000;
/** 000 §9: default toast auto-close. */
export const defaultToastMs = 5000;
/** 000 §9: toast auto-close at top-center. */
export const topCenterToastMs = 2500;

// ---------------------------------------------------------------------------
// Users and organizations (000 §5, 000 §9)
// ---------------------------------------------------------------------------

/** 000 §5: a new password has 4 to 14 characters. */
export const passwordMinLength = 4;
export const passwordMaxLength = 14;
/** Upper bound of a password typed at sign-in (not a spec limit; guards the hasher). */
export const loginPasswordMaxLength = 200;
/** RFC 5321 upper bound of an email address (not a spec limit). */
export const emailMaxLength = 254;
/** Upper bound of a person's first or last name outside the organization contact (not a spec limit). */
export const personNameMaxLength = 100;
/** 000 §5: phone numbers have exactly 10 characters. */
export const phoneLength = 10;
/** 000 §5: organization name 3 to 50 characters. */
export const organizationNameMinLength = 3;
export const organizationNameMaxLength = 50;
/** 000 §5: organization address 3 to 100 characters. */
export const organizationAddressMinLength = 3;
export const organizationAddressMaxLength = 100;
/** 000 §5: organization contact first and last name 3 to 50 characters. */
export const contactNameMinLength = 3;
export const contactNameMaxLength = 50;
/** 000 §5: trainee and creator seats 0 to 10000. */
export const seatsMin = 0;
export const seatsMax = 10_000;
/** decisions.md#insights-and-administration §2: the most rows one CSV import of invites may send (one call). */
export const inviteBatchMaxRows = 2_000;
/** Upper bound of a group name and description (not a spec limit). */
export const groupNameMaxLength = 100;
export const groupDescriptionMaxLength = 1000;
/** 000 §5: what the admin types to erase a user without a last name (compared ignoring case). */
export const eraseConfirmationFallback = 'permanently delete';
/** decisions.md#api-tokens: an API token's name at most 100 characters; an expiry of 1 to 365 days. */
export const apiTokenNameMaxLength = 100;
export const apiTokenExpiryDaysMax = 365;
/** decisions.md#api-tokens §3: a token's last use is written at most once per this many ms. */
export const apiTokenLastUseIntervalMs = 60_000;
/** decisions.md#webhooks: a webhook URL at most 2000 characters. */
export const webhookUrlMaxLength = 2000;
/** decisions.md: the admin created at first start; never deletable. */
export const firstAdminId = 1;

// ---------------------------------------------------------------------------
// Files (000 §5, 001 §5, 001 §9, decisions.md#files)
// ---------------------------------------------------------------------------

/** 000 §5: profile, organization and asset images at most 300 KB. */
export const imageMaxBytes = 300 * 1024;
/** 001 §5 / §9: mp3 audio at most 500 KB. */
export const audioMaxBytes = 500 * 1024;
/** decisions.md: answer videos at most 100 MB. */
export const videoMaxBytes = 100 * 1024 * 1024;
/** 001 §5: the only accepted audio extension. */
export const audioExtension = 'mp3';
/** decisions.md: accepted video extensions of answer uploads. */
export const videoExtensions = ['mp4', 'webm'] as const;
/** decisions.md: accepted image extensions (not given by the spec). */
export const imageExtensions = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

// ---------------------------------------------------------------------------
// Dates (000 §9, 001 §9)
// ---------------------------------------------------------------------------

/** 000 §9 / 001 §9: dates display as month.day.year (dayjs pattern). */
export const dateFormat = 'MM.DD.YYYY';

// ---------------------------------------------------------------------------
// Content authoring (001 §5, 001 §9, decisions.md#content)
// ---------------------------------------------------------------------------

/** 001 §5 / §9: up to 4 audio rows per question. */
export const maxAudiosPerQuestion = 4;
/** 001 §5 / §9: options a new question starts with, by question type. */
export const defaultOptionCounts = { single: 2, multiple: 4, rating: 4, rank: 4 } as const;
/** decisions.md: at most 10 options per question. */
export const maxOptionsPerQuestion = 10;
/** decisions.md: at most 20 questions per interview. */
export const maxQuestionsPerInterview = 20;
/** decisions.md: an interview has 1 to 4 roles. */
export const minRolesPerInterview = 1;
export const maxRolesPerInterview = 4;
/** 001 §9: rating scales have 5 stars. */
export const ratingScaleMax = 5;
/** Upper bounds of content texts (not spec limits). */
export const contentNameMaxLength = 200;
export const contentDescriptionMaxLength = 5000;
export const questionTextMaxLength = 2000;
/** decisions.md#console-flows §7: the optional reason of 'Return draft' (not a spec limit). */
export const returnReasonMaxLength = 1000;

// ---------------------------------------------------------------------------
// Assignments and review (001 §2, 001 §9)
// ---------------------------------------------------------------------------

/** 001 §9: the assignment wizard has 5 steps. */
export const wizardSteps = 5;
/** 001 §9: stepper colours. */
export const stepperColors = {
  active: '#ed1d24',
  completed: '#a10308',
  inactive: '#e0e0e0',
} as const;
/** 001 §2 / §9: the review video is at most 500px high and 675px wide. */
export const videoMaxHeightPx = 500;
export const videoMaxWidthPx = 675;
/** 001 §9: rotation in 90-degree steps. */
export const videoRotationStepDeg = 90;
/** 001 §5: the assign dialog's minimum selection: 1 for instructors, 0 for trainees. */
export const assignMinInstructors = 1;
export const assignMinTrainees = 0;
/** 001 §2: the new-question info panel width and the questions editor max height. */
export const questionInfoPanelWidthPx = 420;
export const questionsEditorMaxHeight = '70vh';

// ---------------------------------------------------------------------------
// Tokens and sessions (decisions.md#sessions-and-tokens, 'Files')
// ---------------------------------------------------------------------------

const minuteMs = 60 * 1000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** decisions.md: invite tokens live 7 days (the invite's expirationDate). */
export const inviteTokenLifetimeMs = 7 * dayMs;
/** decisions.md: password reset tokens live 1 hour. */
export const resetTokenLifetimeMs = 1 * hourMs;
/** decisions.md: email change tokens live 24 hours. */
export const emailChangeTokenLifetimeMs = 24 * hourMs;
/** decisions.md: presigned upload URLs live 15 minutes. */
export const uploadUrlLifetimeMs = 15 * minuteMs;
/** decisions.md: uploads never finished are swept after a day. */
export const unfinishedUploadSweepMs = 1 * dayMs;

// ---------------------------------------------------------------------------
// Browser storage (000 §9, 001 §9)
// ---------------------------------------------------------------------------

/** 000 §9: local storage keys. */
export const localStorageKeys = {
  authToken: 'authToken',
  user: 'user',
  rootPage: 'rootPage',
  appContext: 'appContext',
  androidLink: 'androidLink',
  iosLink: 'iosLink',
} as const;
/** 000 §2.9 / 001 §9: session storage key of the chosen organization-detail tab. */
export const orgDetailTabSessionKey = 'orgDetailTab';

/** The largest id: ids are PostgreSQL `integer` (serial) columns. A larger id is a 400, never a 500. */
export const maxId = 2_147_483_647;
