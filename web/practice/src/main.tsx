/**
 * The practice app's entry point (served at /practice): takes the console's hand-over of a
 * sign-in when the tab holds one, starts what a signed-in trainee's page needs (boot-prefetch.ts),
 * renders the providers around its router, and, in a build, the service worker that caches the
 * app shell (registered after the page has loaded, its code fetched then, so it never delays the
 * first paint).
 */
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchSignedInPage } from './app/boot-prefetch';
import { PracticeApp } from './app/practice-app';
import { adoptPracticeHandover, handoverWaiting } from './lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/** Starts the signed-in page's loads and renders the app into `container`. */
function start(container: HTMLElement): void {
  prefetchSignedInPage(window.location.pathname);
  const reactRoot = createRoot(container);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <PracticeApp />
      </StrictMode>,
    );
  });
}

// A trainee the console sent here: its hand-over is taken first, so the first page has the
// session (if its code cannot load, the sign-in page asks as before).
const go = () => start(root);
if (handoverWaiting()) void adoptPracticeHandover().then(go, go);
else go();

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
  });
}
