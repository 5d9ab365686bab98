/**
 * What the OpenAPI document (plugins/openapi.ts) cannot read from a route's schema, options or
 * scope: the statuses a module's service answers (409s from `ConflictError`, 413s and 429s of the
 * file rules, a public call's 401), the headers a handler sets or reads (the review version's
 * `ETag` / `If-Match`, decisions.md#review-loop §4) and a success status other than 200 (single
 * sign-on's 302s). One table keyed by `METHOD /api/path` (Fastify's `:param` spelling); the
 * OpenAPI test fails on a key that names no route, so a moved route cannot silently lose its hints.
 * Only the document reads this: no behaviour depends on it.
 */
import type { z } from 'zod';
import {
  answerReviewConflictSchema,
  reviewClaimSchema,
  videoMaxBytes,
  imageMaxBytes,
  audioMaxBytes,
} from '@practica/contract';

/** A response header the document names (value described, schema a string unless `integer`). */
export interface HeaderHint {
  description: string;
  integer?: boolean;
}

/** The hints of one operation. */
export interface OperationHint {
  /** Error statuses the route answers beyond what the plugin infers (409, 413, 429, 401 …). */
  errors?: number[];
  /** The 409's envelope `data` (what the caller conflicts with); otherwise `data: null`. */
  conflictData?: z.ZodType;
  /** Why the 409 is answered (its response description). */
  conflict?: string;
  /** The 413's limit, in words (bytes as the rules state them). */
  tooLarge?: string;
  /** The success status when it is not 200, with its headers (e.g. 302 with Location). */
  success?: { status: number; description: string; headers?: Record<string, HeaderHint> };
  /** Headers of the 200 answer (e.g. ETag). */
  headers?: Record<string, HeaderHint>;
  /** Request headers the handler reads, beyond the session (e.g. If-Match). */
  requestHeaders?: Record<string, HeaderHint & { required?: boolean }>;
  /**
   * A public call that acts for the session when one is sent (401/403/429 as behind the session):
   * its security is `[{}, session, API token]`.
   */
  optionalSession?: boolean;
  /** The operationId when the one derived from method and path reads badly or collides. */
  operationId?: string;
}

const mb = (bytes: number) => `${bytes / 1024 / 1024} MB (${bytes} bytes)`;
const kb = (bytes: number) => `${bytes / 1024} KB (${bytes} bytes)`;

const reviewEtag: Record<string, HeaderHint> = {
  ETag: {
    description:
      'The review version (e.g. "3"): send it back as If-Match on the review call (decisions.md#review-loop §4).',
  },
};

const claimedByAnother = {
  errors: [409],
  conflictData: reviewClaimSchema,
  conflict: 'Another reviewer holds the answer’s claim; data is that claim.',
};

const emailTaken = { errors: [409], conflict: 'The email is in use already.' };

const redirect = (where: string): OperationHint['success'] => ({
  status: 302,
  description: `Redirects ${where}.`,
  headers: {
    location: { description: 'Where the browser goes next.' },
    'set-cookie': { description: 'The sign-in flow’s httpOnly cookie.' },
  },
});

/** The hints, by `METHOD /api/path`. */
export const operationHints: Record<string, OperationHint> = {
  'POST /api/auth': { errors: [401], operationId: 'signIn' },
  'GET /api/info': { operationId: 'getInfo' },
  'PUT /api/users/:id/update-password': { operationId: 'changeUserPassword' },
  'PUT /api/users/:id/disable-creator': { operationId: 'disableUserCreator' },
  'PUT /api/groups/:id/add': { operationId: 'addGroupMembers' },
  'PUT /api/groups/:id/remove': { operationId: 'removeGroupMembers' },
  'PUT /api/assignments/:id/add': { operationId: 'addAssignmentMembers' },
  'PUT /api/assignments/:id/remove': { operationId: 'removeAssignmentMembers' },
  'PUT /api/contents/:id/add/:organizationId': { operationId: 'shareContent' },
  'PUT /api/contents/:id/remove/:organizationId': { operationId: 'unshareContent' },
  'GET /api/assignments/:id/insights': { operationId: 'getAssignmentInsights' },
  'GET /api/users/:id/progress': { operationId: 'getUserProgress' },
  'GET /api/organizations/:id/reviewer-consistency': {
    operationId: 'getOrganizationReviewerConsistency',
  },
  'GET /api/auth/session': { operationId: 'getSession' },
  'PUT /api/auth/reset-password': { operationId: 'requestPasswordReset' },
  'GET /api/auth/sso/start': {
    success: redirect('to the identity provider, or to /login?sso_error=<code>'),
    operationId: 'startSsoSignIn',
  },
  'GET /api/auth/sso/callback': {
    success: redirect('to /login?sso=done, or to /login?sso_error=<code>'),
    operationId: 'finishSsoSignIn',
  },
  'GET /api/auth/sso/saml/:id/metadata': { operationId: 'getSamlMetadata' },
  'POST /api/auth/sso/saml/:id/acs': {
    success: redirect('to /login?sso=done, or to /login?sso_error=<code>'),
    errors: [413],
    tooLarge: 'A form over 256 KB.',
    operationId: 'finishSamlSignIn',
  },
  'POST /api/auth/sso/session': { errors: [401], operationId: 'createSsoSession' },
  'PUT /api/users/validate-email/:token': { ...emailTaken, operationId: 'confirmEmailChange' },
  'PUT /api/users/reset-password/:token': { operationId: 'resetPassword' },
  'POST /api/users': {
    errors: [409],
    conflict: 'The email is in use already, or no trainee seat is left.',
  },
  'PUT /api/users/:id/activate': { errors: [409], conflict: 'No trainee seat is left.' },
  'PUT /api/users/:id/restore': { errors: [409], conflict: 'No trainee seat is left.' },
  'PUT /api/users/:id/update-email': { ...emailTaken, operationId: 'requestEmailChange' },
  'PUT /api/users/:id/enable-creator': {
    operationId: 'enableUserCreator',
    errors: [409],
    conflict: 'No creator seat is left in the organization.',
  },
  'PUT /api/users/:id/delete': { operationId: 'softDeleteUser' },
  'GET /api/users/me/notifications': { operationId: 'getMyNotificationSettings' },
  'PUT /api/users/me/notifications': { operationId: 'updateMyNotificationSettings' },
  'GET /api/me/notifications': { operationId: 'getMyNotifications' },
  'PUT /api/me/notifications': { operationId: 'updateMyNotifications' },
  'GET /api/invites/:id': { optionalSession: true },
  'POST /api/invites': {
    errors: [409],
    conflict: 'The email is in use already, or is invited already.',
  },
  'POST /api/invites/accept': {
    errors: [409],
    conflict: 'The email is in use already, or no trainee seat is left.',
    operationId: 'acceptInvite',
  },
  'POST /api/invites/batch': {
    errors: [409],
    conflict: 'No trainee seat is left.',
    operationId: 'createInviteBatch',
  },
  'GET /api/invites/:id/resend': {
    errors: [409],
    conflict: 'No trainee seat is left.',
    operationId: 'resendInvite',
  },
  'POST /api/invites/:id/link': { operationId: 'createInviteLink' },
  'PUT /api/organizations/:id/seats': { operationId: 'updateOrganizationSeats' },
  'POST /api/files/upload': {
    errors: [409, 413, 429],
    conflict: 'The upload is no longer pending.',
    tooLarge: `An image over ${kb(imageMaxBytes)}, an audio file over ${kb(audioMaxBytes)}, a video over ${mb(videoMaxBytes)}.`,
    operationId: 'uploadFile',
  },
  'POST /api/files/:id/complete': {
    errors: [409, 413, 429],
    conflict: 'The upload is no longer pending.',
    tooLarge: 'The stored object is larger than its kind allows or than declared.',
    operationId: 'completeFileUpload',
  },
  'DELETE /api/interviews/:id': {
    errors: [409],
    conflict: 'The interview is used by an assignment.',
  },
  'DELETE /api/questionnaires/:id': {
    errors: [409],
    conflict: 'The form is used by an interview or an assignment.',
  },
  'DELETE /api/assets/:id': { errors: [409], conflict: 'The asset is in use.' },
  'PUT /api/assets/:id/add/:organizationId': {
    operationId: 'shareAsset',
    errors: [409],
    conflict: 'The asset belongs to an organization.',
  },
  'PUT /api/assets/:id/remove/:organizationId': {
    operationId: 'unshareAsset',
    errors: [409],
    conflict: 'The asset belongs to an organization.',
  },
  'GET /api/assignments/answers/:id': { headers: reviewEtag, operationId: 'getAnswer' },
  'GET /api/assignments/answers': { operationId: 'listAnswers' },
  'POST /api/assignments/interviews/answers/review/:id': {
    errors: [409],
    conflictData: answerReviewConflictSchema,
    conflict:
      'A review was completed meanwhile (the If-Match is stale): data names it (decisions.md#review-loop §4).',
    headers: reviewEtag,
    requestHeaders: {
      'if-match': {
        description:
          'The review version the reviewer opened (the answer’s ETag, e.g. "3"; * or a list allowed). Optional.',
      },
    },
    operationId: 'submitReview',
  },
  'POST /api/assignments/answers/:id/claim': {
    ...claimedByAnother,
    operationId: 'claimAnswer',
  },
  'DELETE /api/assignments/answers/:id/claim': { operationId: 'releaseAnswerClaim' },
  'GET /api/assignments/answers/:id/comments': { operationId: 'listReviewComments' },
  'POST /api/assignments/answers/:id/comments': { operationId: 'createReviewComment' },
  'PATCH /api/assignments/answers/:id/comments/:commentId': {
    errors: [409],
    conflict: 'The comment belongs to a submitted review.',
    operationId: 'updateReviewComment',
  },
  'DELETE /api/assignments/answers/:id/comments/:commentId': {
    errors: [409],
    conflict: 'The comment belongs to a submitted review.',
    operationId: 'deleteReviewComment',
  },
  'GET /api/assignments/answers/:id/reviews': { operationId: 'listAnswerReviews' },
  'GET /api/assignments/answers/:id/draft': { operationId: 'getReviewDraft' },
  'PUT /api/assignments/answers/:id/draft': {
    ...claimedByAnother,
    operationId: 'saveReviewDraft',
  },
  'DELETE /api/assignments/answers/:id/draft': {
    ...claimedByAnother,
    operationId: 'deleteReviewDraft',
  },
  'GET /api/reviews/inbox': { operationId: 'listReviewInbox' },
  'GET /api/reviews/inbox/neighbors': { operationId: 'getReviewInboxNeighbors' },
  'POST /api/answers/:answerId/items/:itemId/media/retry': {
    errors: [409],
    conflict: 'Media processing is off, or the item’s media did not fail.',
    operationId: 'retryAnswerMedia',
  },
  'GET /api/assignments/dashboard': { operationId: 'getAssignmentDashboard' },
  'POST /api/assignments/interview': { operationId: 'createAssignment' },
  'PUT /api/assignments/interview/:id': { operationId: 'updateAssignment' },
  'DELETE /api/assignments/interview/:id': { operationId: 'deleteAssignment' },
  'GET /api/assignments/:id/answers': { operationId: 'listAssignmentAnswersByStatus' },
  'PUT /api/assignments/:id/status': { operationId: 'updateAssignmentStatus' },
  'PUT /api/contents/:id/status': { operationId: 'updateContentStatus' },
  'POST /api/me/assignments/:id/practice': { operationId: 'startPractice' },
  'PUT /api/me/assignments/:id/answers': { operationId: 'saveMyAnswers' },
  'POST /api/me/assignments/:id/submit': { operationId: 'submitMyAnswers' },
  'PUT /api/organizations/:id/sso': {
    errors: [409],
    conflict: 'Another organization signs in one of the domains already.',
    operationId: 'updateOrganizationSso',
  },
  'POST /api/organizations/:id/sso/test': { operationId: 'testOrganizationSso' },
  'GET /api/organizations/:id/sso': { operationId: 'getOrganizationSso' },
};
