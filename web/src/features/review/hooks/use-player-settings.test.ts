/**
 * The reviewer's playback speed and autoplay switch (decisions.md#review-loop §2, §7), kept per
 * reviewer in local storage: a stored speed always comes back as one of the player's steps.
 */
import { describe, expect, it } from 'vitest';
import { playbackRates } from '../review-shortcuts';
import { storedRate } from './use-player-settings';

describe('storedRate', () => {
  it('reads a stored step as is and nothing stored as 1', () => {
    expect(storedRate('1.25')).toBe(1.25);
    expect(storedRate('0.75')).toBe(0.75);
    expect(storedRate(undefined)).toBe(1);
  });

  it('reads anything else as one of the steps, within 0.75 and 2', () => {
    for (const raw of ['1.3', '0.5', '3', 'fast', ''])
      expect(playbackRates).toContain(storedRate(raw));
    expect(storedRate('3')).toBe(2);
  });
});
