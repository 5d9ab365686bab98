/**
 * Console copy of the assignment wizard that the spec does not word (decisions.md#console-flows §1, §6): the kept
 * draft, the questions before entered data is thrown away, and the panel after Confirm that adds
 * trainees and publishes. Spec strings come from `@practica/contract`.
 */
export const assignmentWizardText = {
  // The stepper's one line on a phone-wide screen.
  stepOf: (step: number, total: number, label: string) => `Step ${step} of ${total} · ${label}`,
  // The draft offered when the wizard is opened again.
  draftTitle: 'Continue your unfinished assignment?',
  draftUntitled: 'Untitled assignment',
  draftWhere: (step: number, total: number, label: string) =>
    `Stopped at step ${step} of ${total}: ${label}`,
  draftSavedAt: (when: string) => `Saved ${when}`,
  draftHint: 'What you entered is kept in this browser until you confirm or discard it.',
  continueDraft: 'Continue',
  startOver: 'Discard and start over',
  // The close icon.
  discardTitle: 'Discard this assignment?',
  discardMessage: 'Everything entered in the wizard will be deleted. This cannot be undone.',
  discard: 'Discard',
  keepEditing: 'Keep editing',
  // Leaving the page (a link, the browser's Back) with entered data.
  leaveTitle: 'Leave the assignment wizard?',
  leaveKept:
    'What you entered stays saved as a draft in this browser: New assignment offers to continue it.',
  leaveLost: 'This browser cannot store a draft, so what you entered will be lost.',
  leave: 'Leave',
  stay: 'Stay',
  // After Confirm.
  createdTitle: (name: string) => `“${name}” is saved as a Draft`,
  createdHint: 'Add trainees and publish it now, or keep it as a Draft to finish later.',
  createdNoPublish: 'Add trainees now; someone who may publish it can then make it Active.',
  traineesNone: 'No trainees yet. Trainees can also be added after publishing.',
  traineesCount: (count: number) => (count === 1 ? '1 trainee' : `${count} trainees`),
  assignTrainees: 'Assign trainees',
  editTrainees: 'Change trainees',
  publishNow: 'Publish now',
  keepDraft: 'Keep as Draft',
  openAssignment: 'Open assignment',
  createdNotFound: 'This assignment is no longer available.',
  backToList: 'Back to assignments',
} as const;
