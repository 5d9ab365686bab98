/**
 * The chart helpers of the insights: axes with whole-number ticks (counts never show 0.75 of a
 * rating; gaps to the mean are whole stars labelled '+1', not '+1.00') and equal stars of one
 * review spread apart so no dot hides another.
 */
import { describe, expect, it } from 'vitest';
import { formatDeltaTick, formatStarTick } from '../../config/insights-text';
import { countAxis, deltaAxis, spreadTies } from './model';

describe('countAxis', () => {
  it('ticks whole counts only, at most six, ending on the last tick', () => {
    expect(countAxis(0)).toEqual({ domain: [0, 1], ticks: [0, 1] });
    expect(countAxis(1)).toEqual({ domain: [0, 1], ticks: [0, 1] });
    expect(countAxis(3)).toEqual({ domain: [0, 3], ticks: [0, 1, 2, 3] });
    expect(countAxis(7)).toEqual({ domain: [0, 8], ticks: [0, 2, 4, 6, 8] });
    expect(countAxis(12)).toEqual({ domain: [0, 15], ticks: [0, 5, 10, 15] });
    expect(countAxis(1486).ticks).toEqual([0, 500, 1000, 1500]);
    for (const max of [1, 2, 3, 4, 5, 6, 9, 11, 23, 99, 101]) {
      const { ticks } = countAxis(max);
      expect(ticks.every(Number.isInteger), String(max)).toBe(true);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    }
  });
});

describe('deltaAxis', () => {
  it('is symmetric, at least ±2, with whole-star ticks (every second star past ±3)', () => {
    expect(deltaAxis([])).toEqual({ domain: [-2, 2], ticks: [-2, -1, 0, 1, 2] });
    expect(deltaAxis([0.67, -0.17])).toEqual({ domain: [-2, 2], ticks: [-2, -1, 0, 1, 2] });
    expect(deltaAxis([-2.5])).toEqual({ domain: [-3, 3], ticks: [-3, -2, -1, 0, 1, 2, 3] });
    expect(deltaAxis([3.4])).toEqual({ domain: [-4, 4], ticks: [-4, -2, 0, 2, 4] });
  });

  it('labels the ticks in whole or half stars with their sign', () => {
    expect([-2, -1, 0, 1, 2, 0.5].map(formatDeltaTick)).toEqual([
      '−2',
      '−1',
      '0',
      '+1',
      '+2',
      '+0.5',
    ]);
    expect(formatStarTick(4)).toBe('4★');
  });
});

describe('spreadTies', () => {
  it('moves equal stars apart around their value, leaving unique ones and gaps alone', () => {
    expect(spreadTies([2, 5, 4, 4])).toEqual([2, 5, 3.85, 4.15]);
    expect(spreadTies([3, null, 1])).toEqual([3, null, 1]);
    const four = spreadTies([4, 4, 4, 4]) as number[];
    expect(new Set(four).size).toBe(4);
    expect(Math.max(...four) - Math.min(...four)).toBeCloseTo(0.6);
    // Rounded, as the tooltip shows them, they are the real stars again.
    expect(four.map(Math.round)).toEqual([4, 4, 4, 4]);
  });
});
