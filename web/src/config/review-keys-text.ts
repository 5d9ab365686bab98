/**
 * Console-only copy of the review screen's keyboard and §7 fixes (decisions.md#review-loop §2, §7): the shortcuts
 * dialog, the hints, the missing-questions message, the tab counters, the playback settings and
 * the submitted time. Kept apart from review-text.ts, which holds the spec's review screen copy.
 */

export const reviewKeysText = {
  dialogTitle: 'Keyboard shortcuts',
  /** Under the table: where the keys do not act. */
  dialogNote:
    'Keys work wherever the focus is, except while you type in a text field; Space and the arrows stay with a focused button, option or slider.',
  keyColumn: 'Key',
  doesColumn: 'Does',
  /** The button that opens the dialog (its tooltip names `?`). */
  openDialog: 'Keyboard shortcuts',
  does: {
    playPause: 'Play / pause',
    seek: 'Seek 5 s back / forward',
    speed: 'Playback speed 0.75 / 1 / 1.25 / 1.5 / 2 (kept between videos and visits)',
    question: 'Next / previous question',
    rate: 'Rate the focused rating question, then go to the next one',
    ratingFocus: 'Move between rating questions',
    tabs: 'Feedback / Ratings tab',
    comment: 'Pause and add a comment at the current time (Enter saves, the video goes on)',
    submit: 'Submit (and next)',
    answer: 'Next / previous answer in the inbox',
    help: 'Show this list',
  },
  /** After `messages.allQuestionsMustBeAnswered`: the short labels of the missing ones. */
  missing: (labels: readonly string[]) => `Missing: ${labels.join(', ')}`,
  /** A review tab's counter: answered questions of the form over its questions. */
  answeredCounter: (answered: number, total: number) => `${answered}/${total}`,
  /** The short label of rating question n (R1) and feedback question n (F1). */
  ratingShort: (n: number) => `R${n}`,
  feedbackShort: (n: number) => `F${n}`,
  /** Where a rating question's stars say what each is. */
  starLabel: (n: number) => String(n),
  speed: 'Playback speed',
  speedValue: (rate: number) => `${rate}×`,
  autoplay: 'Play the next question when one ends',
  /** The assignment detail's average score as a number when no answer is reviewed yet. */
  noAverage: '-',
  /** The answer's submission time on the review screen. */
  submittedAt: (when: string) => `Submitted ${when}`,
} as const;
