/**
 * Vitest setup of the web projects: jest-dom matchers, a clean DOM and storage per test, jsdom gaps.
 * Vitest runs it again before each test file, also where files share one window and one module
 * graph per worker (Vitest's `isolate: false`): so each file starts with the API
 * client's console defaults, a console file signed out, real timers, unstubbed globals and an
 * empty body, whatever the file before it left.
 */
import '@testing-library/jest-dom/vitest';
import path from 'node:path';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { resetApiClient } from '@shared/lib/api-client';
import { mediaQueryList } from './media-query';

resetApiClient();

// A console file starts signed out (storage is empty) with the server reachable, as a page load does.
const consoleSources = path.resolve(import.meta.dirname, '..') + path.sep;
if (expect.getState().testPath?.startsWith(consoleSources)) {
  const [{ reloadAuthFromStorage }, { resetConnectionForTests }] = await Promise.all([
    import('../lib/auth'),
    import('../lib/connection'),
  ]);
  reloadAuthFromStorage();
  resetConnectionForTests();
}

// `findBy…` and `waitFor` wait up to 5 s (Testing Library's default is 1 s): a lazy route's first
// import is transformed on the fly, which on a loaded 2-core machine takes longer than a second.
// What they wait for is unchanged; only how long the page may take to show it.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  act(() => {
    notifications.clean();
  });
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// What a file stubs, fakes or appends and leaves so would reach the next file of its worker.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  document.body.replaceChildren();
});

// jsdom lacks these browser APIs that Mantine uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => mediaQueryList(query),
  });
}

// Mantine's autosizing Textarea listens to `document.fonts`, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

if (!window.HTMLElement.prototype.scrollIntoView) {
  window.HTMLElement.prototype.scrollIntoView = () => {};
}

Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

// Wrapped once per window, not again by each test file that shares it.
const wrapped = Symbol.for('practica.test.getComputedStyle');
if (!(wrapped in window.getComputedStyle)) {
  const { getComputedStyle } = window;
  window.getComputedStyle = Object.assign(
    (element: Element, pseudo?: string | null) => getComputedStyle(element, pseudo),
    { [wrapped]: true },
  );
}
