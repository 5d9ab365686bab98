/** Vitest setup of the web project: jest-dom matchers, a clean DOM and storage per test, jsdom gaps. */
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { mediaQueryList } from './media-query';

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

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  getComputedStyle(element, pseudo);
