/**
 * The review panel's keys (decisions.md#review-loop §2; the keys are `review-shortcuts.ts`'s
 * `hotkeys`): `1`–`5` rate the focused rating question (else the first unanswered one; with every
 * one rated and none focused, nothing) and move the focus on (`useReviewFocus`'s `afterRating`),
 * ↑ ↓ move between rating questions, `f` / `r` switch tabs — never while typing nor a key the
 * focused control uses itself (`lib/screen-hotkeys.ts`) — and Ctrl/⌘+Enter submits, from a text
 * field too.
 */
import type { AssignmentQuestion } from '@practica/contract';
import type { Dispatch, SetStateAction } from 'react';
import { useScreenHotkeys, type ScreenHotkey } from '../../../lib/screen-hotkeys';
import { answered } from '../review-answered';
import type { ReviewDraft, ReviewForm } from '../review-draft';
import { hotkeys } from '../review-shortcuts';
import type { ReviewFocus } from './use-review-focus';

export interface ReviewHotkeyOptions {
  forms: Record<ReviewForm, readonly AssignmentQuestion[]>;
  draft: ReviewDraft;
  /** Whether the reviewer may change answers now (a digit rates nothing otherwise). */
  canEdit: boolean;
  change: (form: ReviewForm, questionId: number, text: string) => void;
  focus: ReviewFocus;
  setTab: Dispatch<SetStateAction<ReviewForm>>;
  /** Ctrl/⌘+Enter's action. */
  onSubmitKey: () => void;
}

/** Binds the panel's keys while it is mounted. */
export function useReviewHotkeys({
  forms,
  draft,
  canEdit,
  change,
  focus,
  setTab,
  onSubmitKey,
}: ReviewHotkeyOptions) {
  /** The rating question holding the focus, else the first unanswered one, else -1. */
  const currentRating = () => {
    const focused = focus.focusedRating();
    if (focused !== -1) return focused;
    return forms.ratings.findIndex((q) => !answered(draft.ratings[q.id]));
  };
  const rateKey = (rating: number) => {
    // With every rating given and none focused, a digit aims at no question: it changes nothing.
    const index = currentRating();
    const q = forms.ratings[index];
    if (!q || !canEdit) return;
    change('ratings', q.id, String(rating));
    focus.afterRating(index);
  };
  const moveRating = (by: -1 | 1) => () => {
    if (forms.ratings.length === 0) return;
    const focused = focus.focusedRating() !== -1;
    const current = Math.max(currentRating(), 0);
    focus.focusRating(
      focused ? Math.min(Math.max(current + by, 0), forms.ratings.length - 1) : current,
    );
  };
  // The screen's rule (lib/screen-hotkeys): never while typing, nor a key the focused control
  // uses itself (the arrows of a slider, tabs or an option group).
  useScreenHotkeys([
    ...hotkeys.rate.map((key): ScreenHotkey => [key, () => rateKey(Number(key))]),
    [hotkeys.nextRating, moveRating(1)],
    [hotkeys.previousRating, moveRating(-1)],
    [hotkeys.feedbackTab, () => setTab('feedback')],
    [hotkeys.ratingsTab, () => setTab('ratings')],
    // Submitting is no typing: Ctrl/⌘+Enter works from the feedback's text fields too.
    [hotkeys.submit, onSubmitKey, { everywhere: true }],
  ]);
}
