/**
 * A rating question's 1..5 stars (001 §2 'Review panel', issue 21 §2 and §7) as a real radio group:
 * native radio inputs, so Tab reaches the group once and ← → choose and commit a rating as any radio
 * group does; the group is named by its question (`aria-labelledby`). While a star has the focus,
 * `1`–`5` rate and then call `onRated` (the panel moves on to the next question), ↑ ↓ call `onMove`
 * (the panel focuses the previous / next rating question) instead of changing the rating.
 */
import { getHotkeyHandler } from '@mantine/hooks';
import { ratingScaleMax } from '@practica/contract';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useId } from 'react';
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
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-invalid={invalid || undefined}
      aria-required
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
              disabled={disabled}
              aria-label={reviewKeysText.starLabel(n)}
            />
            <label
              htmlFor={id}
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
