/** The practice app's paths (relative to its basename `/practice`). */
export const practicePaths = {
  /** The basename the app is served under. */
  base: '/practice',
  home: '/',
  signIn: '/sign-in',
  forgotPassword: '/forgot-password',
  practicePattern: '/assignments/:id',
  reviewPattern: '/assignments/:id/review',
  /** My email notifications (decisions.md#console-flows §16). */
  settings: '/settings',
  /** The practice screen of assignment `id`. */
  practice: (id: number) => `/assignments/${id}`,
  /** The review of my answer to assignment `id`. */
  review: (id: number) => `/assignments/${id}/review`,
  /** The sign-in page that returns to `next` (a path of the app) afterwards. */
  signInReturningTo: (next: string) =>
    next && next !== '/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in',
} as const;

/**
 * The return path carried by the sign-in page's `next` parameter when it is a path of this app
 * (`/…`, never `//host`, `/\host` or a full URL), else home.
 */
export function safeReturnPath(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) ? next : practicePaths.home;
}
