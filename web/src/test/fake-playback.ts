/**
 * jsdom has no media playback: `stubPlayback()` makes HTMLMediaElement's `play()`, `pause()` and
 * `paused` behave (a per-element paused flag, 'play' and 'pause' events fired), for the player's
 * tests. Call it in `beforeEach`; `vi.restoreAllMocks()` removes it.
 */
import { vi } from 'vitest';

/** Stubs play/pause/paused on every media element (see the module note). */
export function stubPlayback(): void {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
}
