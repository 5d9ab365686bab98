import { defineConfig } from 'vitest/config';

/** One Vitest run over the three workspaces; each keeps its own environment. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'server', 'web'],
  },
});
