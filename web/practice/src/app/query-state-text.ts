/**
 * The copy of a page's loading and error states (query-state.tsx) beyond `appText`: only the
 * signed-in pages, loaded apart, show it, while `appText` is part of the sign-in page's budgeted
 * first load.
 */
export const queryStateText = {
  /** A page whose read got no answer (offline, or the server out of reach). */
  loadsWhenOnline: 'This page loads by itself once the connection is back.',
} as const;
