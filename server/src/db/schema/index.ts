/** The whole Drizzle schema; one file per table group, re-exported here for the client and drizzle-kit. */
export * from './organizations.js';
export * from './users.js';
export * from './files.js';
export * from './upload-ledger.js';
export * from './mail-outbox.js';
export * from './user-tokens.js';
export * from './groups.js';
export * from './invites.js';
export * from './assets.js';
export * from './contents.js';
export * from './assignments.js';
export * from './answers.js';
export * from './attempt-hits.js';
export * from './media-jobs.js';
export * from './reviews.js';
export * from './notifications.js';
export * from './api-tokens.js';
