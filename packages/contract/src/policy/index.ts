/** The authorization policy (000 §6, 001 §6): `can()`, its actions and role helpers. */
export * from './actions';
export * from './can';
export * from './roles';
