/** The authorization policy (000 §6, 001 §6): `can()`, `authorize()`, their actions and role helpers. */
export * from './actions';
export * from './api-token-scopes';
export * from './authorize';
export * from './can';
export * from './roles';
