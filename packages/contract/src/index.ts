/**
 * @practica/contract: the spec as code, shared by server and web.
 * Enumerations, constants, the message catalogue, the envelope, request/response schemas and the
 * authorization policy. zod only: no ORM, HTTP framework or UI code.
 */
export * from './enums';
export * from './constants';
export * from './messages';
export * from './integration-messages';
export * from './envelope';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/info';
export * from './schemas/user';
export * from './schemas/organization';
export * from './schemas/invite';
export * from './schemas/group';
export * from './schemas/file';
export * from './schemas/asset';
export * from './schemas/content';
export * from './schemas/assignment';
export * from './schemas/answer';
export * from './schemas/review-claim';
export * from './schemas/me';
export * from './schemas/review-comment';
export * from './schemas/review-inbox';
export * from './schemas/review-history';
export * from './schemas/notification';
export * from './schemas/insights';
export * from './policy';
export * from './schemas/api-token';
export * from './schemas/sso';
export * from './schemas/webhook';
