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
} as const;
