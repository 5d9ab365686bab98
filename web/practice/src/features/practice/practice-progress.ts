/**
 * Where a trainee is in a practice, kept in local storage per user and assignment so that a reload
 * returns to the same question: whether the practice was started (counted once) and the current
 * question's index. Forgotten after submitting.
 */

/** The kept position of one practice. */
export interface PracticeProgress {
  started: boolean;
  questionIndex: number;
}

const keyOf = (userId: number, assignmentId: number) =>
  `practica.practice.progress.${userId}:${assignmentId}`;

/** The kept position, or not started at the first question. */
export function readProgress(userId: number, assignmentId: number): PracticeProgress {
  try {
    const raw = window.localStorage.getItem(keyOf(userId, assignmentId));
    const parsed = raw ? (JSON.parse(raw) as Partial<PracticeProgress>) : {};
    const index = Number(parsed.questionIndex);
    return {
      started: parsed.started === true,
      questionIndex: Number.isInteger(index) && index >= 0 ? index : 0,
    };
  } catch {
    return { started: false, questionIndex: 0 };
  }
}

/** Keeps the position (storage errors are ignored: the position then lasts for the page). */
export function writeProgress(
  userId: number,
  assignmentId: number,
  progress: PracticeProgress,
): void {
  try {
    window.localStorage.setItem(keyOf(userId, assignmentId), JSON.stringify(progress));
  } catch {
    // Storage disabled or full: nothing to keep.
  }
}

/** Forgets the position (after submitting). */
export function clearProgress(userId: number, assignmentId: number): void {
  try {
    window.localStorage.removeItem(keyOf(userId, assignmentId));
  } catch {
    // Nothing to forget.
  }
}
