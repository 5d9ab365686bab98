/**
 * The review player's keys (decisions.md#review-loop §2; the keys are `review-shortcuts.ts`'s
 * `hotkeys`): Space plays/pauses, ← → seek by `seekStepSeconds`, n/p (N/P) go to the next/previous
 * question, `<` `>` change the speed by one step. They work wherever the focus is but in a text
 * field or on a control using that key itself (a focused button's Space, the slider's arrows):
 * `lib/screen-hotkeys.ts`.
 */
import type { Dispatch, SetStateAction } from 'react';
import { useScreenHotkeys, type ScreenHotkey } from '../../../lib/screen-hotkeys';
import { hotkeys, stepRate } from '../review-shortcuts';

/** Seconds an arrow key seeks. */
export const seekStepSeconds = 5;

export interface PlayerHotkeyActions {
  /** The question shown (0-based). */
  index: number;
  toggle: () => void;
  /** Moves the playhead by seconds (negative: back). */
  seekBy: (seconds: number) => void;
  /** Shows question `next` (0-based); out of range does nothing. */
  go: (next: number) => void;
  setRate: Dispatch<SetStateAction<number>>;
}

/** Binds the player's keys to `actions` while the player is mounted. */
export function usePlayerHotkeys({ index, toggle, seekBy, go, setRate }: PlayerHotkeyActions) {
  const each = (keys: readonly string[], handler: () => void) =>
    keys.map((key): ScreenHotkey => [key, handler]);
  useScreenHotkeys([
    [hotkeys.playPause, toggle],
    [hotkeys.seekForward, () => seekBy(seekStepSeconds)],
    [hotkeys.seekBack, () => seekBy(-seekStepSeconds)],
    ...each(hotkeys.nextQuestion, () => go(index + 1)),
    ...each(hotkeys.previousQuestion, () => go(index - 1)),
    ...each(hotkeys.slower, () => setRate((r) => stepRate(r, -1))),
    ...each(hotkeys.faster, () => setRate((r) => stepRate(r, 1))),
  ]);
}
