/** The practice app's paths (relative to its basename `/practice`). */
export const practicePaths = {
  home: '/',
  signIn: '/sign-in',
  forgotPassword: '/forgot-password',
  practicePattern: '/assignments/:id',
  reviewPattern: '/assignments/:id/review',
  /** The practice screen of assignment `id`. */
  practice: (id: number) => `/assignments/${id}`,
  /** The review of my answer to assignment `id`. */
  review: (id: number) => `/assignments/${id}/review`,
} as const;
