import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import { sharedAlias } from './vite.shared';

const webTests = [
  'src/**/*.test.{ts,tsx}',
  'shared/**/*.test.{ts,tsx}',
  'practice/src/**/*.test.{ts,tsx}',
];

/**
 * The test files that replace a module with `vi.mock`. Vitest resets its mock registry and module
 * cache between files only when it isolates them, so without isolation such a mock reaches the
 * files after it, and misses modules that an earlier file loaded already. These run in their own
 * project, `web-isolated` (vitest.isolated.config.ts); a new `vi.mock` file belongs here.
 */
export const ownModuleGraphTests = [
  'src/app/routes/insights-tabs.test.tsx',
  'src/app/routes/invite-registration.test.tsx',
  'src/features/content/components/audio-rows.test.tsx',
  'practice/src/features/practice/practice-session.test.tsx',
];

/**
 * One web test project: jsdom + Testing Library (architecture.md 'Tests'), named `name`, over
 * `include` (globs relative to web/) minus `exclude`. With `isolate` false the files of a worker
 * share one window and one module graph; the setup files then reset what a file may leave behind
 * (docs/testing.md, 'A component test'), and Vitest itself restores the spies after each file.
 */
export function webProject(
  name: string,
  isolate: boolean,
  include: string[],
  exclude: string[] = [],
): ViteUserConfig {
  return defineConfig({
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
    resolve: { alias: sharedAlias },
    test: {
      name,
      environment: 'jsdom',
      globals: true,
      isolate,
      include,
      exclude: [...configDefaults.exclude, ...exclude],
      setupFiles: ['./src/test/setup.ts', './practice/src/test/setup.ts'],
      css: false,
      testTimeout: 15_000,
    },
  });
}

/** Unit tests of the console, the practice app and web/shared, one module graph per worker. */
export default webProject('web', false, webTests, ownModuleGraphTests);
