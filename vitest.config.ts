import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One Vitest run over the three workspaces; each keeps its own environment. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'server', 'web', 'web/vitest.isolated.config.ts'],
    // Vitest's default is one worker less than the cores: a single worker on CI's 2 cores, which
    // left one core idle while PGlite's WebAssembly kept the other busy. At least two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
