/**
 * A `MediaQueryList` for jsdom, which has no `matchMedia`: the test setup answers every query with
 * one that does not match, and a test of a narrow screen answers its own queries as matching.
 */

/** The list `window.matchMedia(query)` answers: `matches` as given, listeners that never fire. */
export function mediaQueryList(query: string, matches = false): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}
