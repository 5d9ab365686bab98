/**
 * Vitest setup of the web projects for the practice app's test files (the others skip it): each
 * starts as the app's entry does, signed out with the app's own session given to the API client
 * (`installPracticeSession`), also when it shares its worker's module graph with the files before
 * it (Vitest's `isolate: false`) and so finds the session module as they left it.
 * Runs after web/src/test/setup.ts, which puts back the console's defaults for every file.
 */
import path from 'node:path';
import { expect } from 'vitest';

const practiceSources = path.resolve(import.meta.dirname, '..') + path.sep;

if (expect.getState().testPath?.startsWith(practiceSources)) {
  const { installPracticeSession, signOut } = await import('../lib/session');
  signOut();
  installPracticeSession();
}
