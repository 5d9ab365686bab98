/**
 * The practice app's entry point (served at /practice): providers around its router, and, in a
 * build, the service worker that caches the app shell (registered after the page has loaded, its
 * code fetched then, so it never delays the first paint).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { PracticeApp } from './app/practice-app';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <PracticeApp />
    </StrictMode>,
  );
});

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
  });
}
