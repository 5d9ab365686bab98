/**
 * The practice app's entry point (served at /practice): starts what a signed-in trainee's page
 * needs (boot-prefetch.ts), renders the providers around its router, and, in a
 * build, the service worker that caches the app shell (registered after the page has loaded, its
 * code fetched then, so it never delays the first paint).
 */
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchSignedInPage } from './app/boot-prefetch';
import { PracticeApp } from './app/practice-app';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

prefetchSignedInPage(window.location.pathname);

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
