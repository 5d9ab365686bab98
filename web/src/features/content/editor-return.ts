/**
 * How the question editor knows where it was opened from (decisions.md#console-flows §2): the content editor's links
 * to a question carry this history state, so Save and Cancel can step back to that very editor
 * entry; opened any other way (a bookmark, a reload of a new tab, a pasted link), they go to the
 * editor of the interview or evaluation the question belongs to instead of one step back.
 */

/** The history state of a link from a content editor to one of its questions. */
export const fromContentEditor = { fromContentEditor: true } as const;

/** True when the current history entry was opened from a content editor's question link. */
export function openedFromContentEditor(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>).fromContentEditor === true
  );
}
