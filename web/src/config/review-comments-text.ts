/**
 * Console-only copy of the time-coded comments (decisions.md#review-loop §3): the list under the review player, the
 * add and edit forms and the seek bar's markers. The API's messages are in the contract's catalogue.
 * Times arrive as the player's clock text ('0:42'). The markers' copy is shared with the practice app.
 */
import { commentMarkersText } from '@shared/config/comment-markers-text';

export const reviewCommentsText = {
  ...commentMarkersText,
  /** The list's heading: the comments of the question shown (e.g. 'Comments on Q2'). */
  heading: (label: string) => `Comments on ${label}`,
  add: 'Add comment',
  /** The add form's field, named by the moment it pins. */
  addLabel: (time: string) => `Comment at ${time}`,
  addPlaceholder: 'What happens at this moment?',
  /** Under the add and edit fields. */
  formHint: 'Enter saves · Shift+Enter new line · Escape cancels',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit comment',
  editLabel: 'Comment text',
  delete: 'Delete comment',
  deleted: 'Comment deleted.',
  draft: 'Draft',
  /** The time button of a list entry: what clicking it does. */
  seekTo: (time: string) => `Go to ${time}`,
  emptyCanAdd:
    'No comments on this question yet. Pause where something happens and press c (or Add comment) to pin one to that moment.',
  empty: 'No comments on this question.',
  loadFailed: 'The comments could not be loaded.',
} as const;
