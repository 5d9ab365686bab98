/**
 * Console copy of the assignment screens that the spec does not word (labels, placeholders, empty
 * states). Spec strings come from `@practica/contract`; this file holds only the rest.
 */
import { messages } from '@practica/contract';
export const assignmentText = {
  addAssignment: 'New assignment',
  searchPlaceholder: `${messages.searchByName} (3+ characters)`,
  closeWizard: 'Close wizard',
  namePlaceholder: 'Assignment title',
  descriptionPlaceholder: 'What trainees should practise',
  dueDatePlaceholder: 'Pick a date',
  sharedOrigin: 'Shared content',
  noInterviewSelected: 'Pick an interview to see its questions.',
  noEvaluationSelected: 'Pick an evaluation to preview its questions.',
  interviewQuestions: 'Interview questions',
  chooseEnvironment: 'Environment',
  noAvatar: 'No avatar',
  groups: 'Groups',
  users: 'Users',
  assignTitle: 'Assign trainees',
  noGroups: 'No groups to choose from.',
  summary: 'Summary',
  trainees: 'Trainees',
  dates: 'Dates',
  name: 'Name',
  options: 'Options',
  notFound: 'Assignment not found.',
  questionNumber: '#',
  question: 'Question',
  removeTrainee: 'Remove trainee',
  deleteTitle: 'Delete assignment',
  deleteQuestion: 'Delete this assignment? This cannot be undone.',
  // The wizard's organization choice (admins have no organization of their own).
  organizationRequired: 'Select an organization to continue',
  organizationPlaceholder: 'Choose the organization',
  organizationHint: 'Interviews, evaluations, avatars and environments follow this organization.',
  // The assign dialog.
  assignInstructorsTitle: 'Assign instructors',
  wholeGroup: 'Whole group',
  groupLabel: (group: string) => `All trainees of ${group}`,
  completedLocked: 'Has answered: cannot be removed',
  // decisions.md#console-flows §5: search, inactive users, trainees outside groups.
  assignSearchLabel: `${messages.searchByName} or email`,
  assignSearchPlaceholder: 'Name or email (3+ characters)',
  assignGroupsHeading: 'Add whole groups',
  assignPeopleHeading: (roleId: number) => (roleId === 1 ? 'Trainees' : 'Instructors'),
  assignScopeAll: 'Everyone in the organization, in a group or not.',
  assignScopeOwnGroups: 'People of your groups.',
  /** A group's trainees (the add call takes its active ones). */
  groupTrainees: (n: number) => (n === 1 ? '1 trainee' : `${n} trainees`),
  inactive: 'Inactive',
  inactiveHint: 'Inactive account: cannot be added',
  noCandidates: 'Nobody matches.',
  // decisions.md#console-flows §3: close with a confirmation, reopen.
  closeConfirmTitle: 'Close this assignment?',
  closeConfirmToReview: (n: number) =>
    n === 1 ? '1 answer is still to review.' : `${n} answers are still to review.`,
  closeConfirmPending: (n: number) =>
    n === 1
      ? '1 trainee is Pending and has not answered.'
      : `${n} trainees are Pending and have not answered.`,
  closeConfirmEffect:
    'Once closed, trainees can no longer answer and reviews can no longer be submitted. A Manager or Admin can reopen it.',
  reopen: 'Reopen',
  reopenConfirmTitle: 'Reopen this assignment?',
  reopenConfirmEffect:
    'It becomes Active again: Pending trainees can answer until the due date, and answers can be reviewed. Answers and reviews are kept.',
  reopenPastDue: (date: string) =>
    `Its due date (${date}) has passed: Pending trainees cannot answer any more.`,
  // The user detail's assignments tab (000 §2.10).
  userAssignmentsHint: 'Assignments this user takes part in.',
  notAssignable: 'Only trainees and instructors take part in assignments.',
  editAssignments: 'Edit assignments',
  chooseAssignments: 'Choose assignments',
  availableAssignments: 'Available assignments',
  chosenAssignments: 'Chosen assignments',
  allAssignmentsChosen: 'Every open assignment is chosen.',
  noUserAssignments: 'No assignment chosen.',
  addAssignmentTo: (name: string) => `Add ${name}`,
  removeAssignmentFrom: (name: string) => `Remove ${name}`,
  answer: 'Answer',
} as const;
