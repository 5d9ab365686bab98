import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedAlias } from './vite.shared';

/** Unit tests of the console: jsdom + Testing Library (architecture.md 'Tests'). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: sharedAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    include: [
      'src/**/*.test.{ts,tsx}',
      'shared/**/*.test.{ts,tsx}',
      'practice/src/**/*.test.{ts,tsx}',
    ],
    // The second puts the practice app's session in place for its files (the first, the console's).
    setupFiles: ['./src/test/setup.ts', './practice/src/test/setup.ts'],
    css: false,
    testTimeout: 15_000,
  },
});
