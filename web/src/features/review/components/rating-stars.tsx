/**
 * A rating question's 1..5 stars (001 §2 'Review panel', decisions.md#review-loop §2 and §7) as a real radio group:
 * native radio inputs, so Tab reaches the group once and, on a star the reviewer tabbed to, ← → and
 * Space choose a rating as any radio group does; the group is named by its question
 * (`aria-labelledby`). The group itself takes the focus the screen moves (`focusGroup`, or
 * `[data-review-focus]`: after a digit rated the question before, ↑ ↓, a missing question) and the
 * focus of a click on a star, so that only `1`–`5` and ↑ ↓ are the stars' keys there: Space, ← →
 * and every other key stay the screen's shortcuts (play, seek, comment) and never change a rating
 * the reviewer did not aim at. While the group or a star has the focus, `1`–`5` rate and then call
 * `onRated` (the panel moves on to the next question), ↑ ↓ call `onMove` (the panel focuses the
 * previous / next rating question) instead of changing the rating.
 */
import { getHotkeyHandler } from '@mantine/hooks';
import { ratingScaleMax } from '@practica/contract';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useId, useRef } from 'react';
import { reviewKeysText } from '../../../config/review-keys-text';
import { hotkeys } from '../review-shortcuts';
import classes from './rating-stars.module.css';

export interface RatingStarsProps {
  /** The id of the element naming the group (the question's heading). */
  labelledBy: string;
  /** The chosen rating, 1..5; 0 or NaN when none. */
  value: number;
  /** A rating chosen (click, arrow key, space or digit). */
  onChange: (rating: number) => void;
  /** After a digit key rated the question. */
  onRated?: () => void;
  /** ↑ (-1) or ↓ (+1) on a star. */
  onMove?: (by: -1 | 1) => void;
  disabled?: boolean;
  /** Marked as missing (error outline, `aria-invalid`). */
  invalid?: boolean;
}

/** The stars of one rating question. */
export function RatingStars({
  labelledBy,
  value,
  onChange,
  onRated,
  onMove,
  disabled = false,
  invalid = false,
}: RatingStarsProps) {
  const name = useId();
  const groupRef = useRef<HTMLDivElement>(null);
  /** When a pointer last pressed a star (ms): its click leaves the focus on the group, not the star. */
  const pressedAt = useRef(0);
  const stars = Array.from({ length: ratingScaleMax }, (_, i) => i + 1);
  const onKeyDown = getHotkeyHandler([
    ...hotkeys.rate.map(
      (key) =>
        [
          key,
          () => {
            if (disabled) return;
            onChange(Number(key));
            onRated?.();
          },
        ] as [string, () => void],
    ),
    [hotkeys.previousRating, () => onMove?.(-1)],
    [hotkeys.nextRating, () => onMove?.(1)],
  ]);
  return (
    <div
      ref={groupRef}
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      aria-required
      aria-disabled={disabled || undefined}
      aria-keyshortcuts="1 2 3 4 5"
      // Focusable by the screen (not a Tab stop): see the module note.
      tabIndex={-1}
      data-review-focus
      className={classes.group}
      style={{ display: 'inline-flex', alignSelf: 'flex-start' }}
      onKeyDown={(event) => {
        // The stars' own keys stay with them (the screen's shortcuts do not see them).
        onKeyDown(event);
        if (event.defaultPrevented) event.stopPropagation();
      }}
    >
      {stars.map((n) => {
        const id = `${name}-${n}`;
        const Icon = n <= value ? IconStarFilled : IconStar;
        return (
          <span key={n}>
            <input
              className={classes.input}
              type="radio"
              id={id}
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onClick={() => {
                if (Date.now() - pressedAt.current > 1000) return; // a key's click: the star keeps it
                pressedAt.current = 0;
                // After the browser focused the star: the group takes the focus (module note).
                window.setTimeout(() => groupRef.current?.focus({ preventScroll: true }), 0);
              }}
              disabled={disabled}
              aria-label={reviewKeysText.starLabel(n)}
            />
            <label
              htmlFor={id}
              onPointerDown={() => {
                pressedAt.current = Date.now();
              }}
              className={classes.star}
              data-full={n <= value || undefined}
              data-disabled={disabled || undefined}
            >
              <Icon size={28} aria-hidden />
            </label>
          </span>
        );
      })}
    </div>
  );
}
