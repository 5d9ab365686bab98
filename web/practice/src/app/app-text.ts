/**
 * The practice app's own copy (the spec does not quote it). Strings the spec or the console
 * already has come from the contract's `messages` or the console's `uiText` instead.
 */
export const appText = {
  appName: 'Practica Practice',
  shortName: 'Practice',
  signInHeading: 'Sign in to practise',
  signInSubheading: 'Use the account your organization invited you with.',
  sessionEnded: 'Your session ended. Sign in again — your recordings are kept.',
  signOut: 'Sign out',
  signedInAs: (name: string) => `Signed in as ${name}`,
  offline:
    'You are offline. Recorded takes stay on this device and upload when the connection is back; loading assignments and signing in need a connection.',
  staffTitle: 'This app is for trainees',
  staffBody:
    'Practica Practice is where trainees answer their interviews. Staff members review them in the console.',
  openConsole: 'Open the console',
  homeTitle: 'My assignments',
  homeIntro: 'Nearest due date first.',
  emptyTitle: 'Nothing to practise right now',
  emptyBody: 'When your instructor assigns an interview, it appears here.',
  dueDate: 'Due',
  noDueDate: 'No due date',
  questions: (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`,
  practices: (n: number) => `Practised ${n} ${n === 1 ? 'time' : 'times'}`,
  status: 'Status',
  startPractice: 'Start practice',
  seeReview: 'See review',
  waitingForReview: 'Waiting for review',
  retry: 'Try again',
  backHome: 'Back to my assignments',
  reviewTitle: 'Review',
  score: 'Score',
  scoreOutOf: (score: number, max: number) => `${score}/${max}`,
  noScore: 'No score',
  ratings: 'Ratings',
  feedback: 'Feedback',
  starsText: (stars: number, max: number) => `${stars} of ${max} stars`,
  reviewedBy: (name: string, date: string) => `Reviewed by ${name} on ${date}`,
  reviewedOn: (date: string) => `Reviewed on ${date}`,
  notReviewedTitle: 'Not reviewed yet',
  notReviewedBody:
    'Your answers are waiting for your instructor. You will get an email when the review is ready.',
  notFoundBody: 'This page does not exist. Your assignments are on the home page.',
  noAnswer: '—',
} as const;
