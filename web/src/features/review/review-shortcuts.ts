/**
 * The review screen's keyboard shortcuts (decisions.md#review-loop §2): ONE table that the shortcuts dialog (`?`),
 * the hints next to the controls (`<Kbd>`) and the `useHotkeys` calls read. `hotkeys` are
 * `@mantine/hooks` hotkey strings (`mod` is Ctrl, or ⌘ on a Mac); `keys` are what the dialog and the
 * hints show. Other parts of the screen (the comment key `c`, the inbox keys `j` `k`) take their
 * hotkeys from here too, so the dialog never lists a key that does something else.
 */
import { reviewKeysText } from '../../config/review-keys-text';

/** What a shortcut does; the dialog lists them in this order. */
export type ShortcutId =
  | 'playPause'
  | 'seek'
  | 'speed'
  | 'question'
  | 'rate'
  | 'ratingFocus'
  | 'tabs'
  | 'comment'
  | 'submit'
  | 'answer'
  | 'help';

export interface Shortcut {
  id: ShortcutId;
  /** The keys as shown (one `<Kbd>` each). */
  keys: readonly string[];
  /** What it does, as the dialog says it. */
  does: string;
}

const does = reviewKeysText.does;

/** Every shortcut of the review screen, in the dialog's order (decisions.md#review-loop §2's table). */
export const reviewShortcuts: readonly Shortcut[] = [
  { id: 'playPause', keys: ['Space'], does: does.playPause },
  { id: 'seek', keys: ['←', '→'], does: does.seek },
  { id: 'speed', keys: ['<', '>'], does: does.speed },
  { id: 'question', keys: ['n', 'p'], does: does.question },
  { id: 'rate', keys: ['1', '–', '5'], does: does.rate },
  { id: 'ratingFocus', keys: ['↑', '↓'], does: does.ratingFocus },
  { id: 'tabs', keys: ['f', 'r'], does: does.tabs },
  { id: 'comment', keys: ['c'], does: does.comment },
  { id: 'submit', keys: ['Ctrl/⌘', '+', 'Enter'], does: does.submit },
  { id: 'answer', keys: ['j', 'k'], does: does.answer },
  { id: 'help', keys: ['?'], does: does.help },
];

/** The shortcut `id` of the table. */
export function shortcutOf(id: ShortcutId): Shortcut {
  return reviewShortcuts.find((s) => s.id === id) as Shortcut;
}

/**
 * The `useHotkeys` strings per action. Both `<` and `shift+<` (and `?`, `shift+?`): the hook
 * compares the Shift key exactly, and layouts differ in whether those characters need it.
 */
export const hotkeys = {
  playPause: 'space',
  seekForward: 'ArrowRight',
  seekBack: 'ArrowLeft',
  slower: ['<', 'shift+<'],
  faster: ['>', 'shift+>'],
  nextQuestion: ['n', 'shift+n'],
  previousQuestion: ['p', 'shift+p'],
  rate: ['1', '2', '3', '4', '5'],
  nextRating: 'ArrowDown',
  previousRating: 'ArrowUp',
  feedbackTab: 'f',
  ratingsTab: 'r',
  comment: 'c',
  submit: 'mod+Enter',
  nextAnswer: 'j',
  previousAnswer: 'k',
  help: ['?', 'shift+?'],
} as const;

/** The playback speeds `<` and `>` step through (decisions.md#review-loop §2). */
export const playbackRates = [0.75, 1, 1.25, 1.5, 2] as const;

/** The speed one step slower (`by` -1) or faster (+1) than `rate`, within `playbackRates`. */
export function stepRate(rate: number, by: -1 | 1): number {
  const index = playbackRates.findIndex((r) => r >= rate);
  const at = index === -1 ? playbackRates.length - 1 : index;
  const next = Math.min(Math.max(at + by, 0), playbackRates.length - 1);
  return playbackRates[next] ?? 1;
}

/** Local storage keys of the reviewer's player settings (per reviewer: their user id). */
export const playerSettingKeys = {
  rate: (userId: number | string) => `practica.review.playbackRate.${userId}`,
  autoplay: (userId: number | string) => `practica.review.autoplayNext.${userId}`,
};
