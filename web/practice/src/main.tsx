/** The practice app's entry point (served at /practice): providers around its router. */
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
