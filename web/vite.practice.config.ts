import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiProxy, codeSplitting, precompress, sourceIsSideEffectFree } from './vite.shared';

/**
 * Vite for the trainees' practice app (its own entry and bundle, served at /practice): the
 * sources live in web/practice and share the console's API client, theme and contract; the build
 * goes to web/dist-practice.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./practice', import.meta.url)),
  base: '/practice/',
  publicDir: fileURLToPath(new URL('./practice/public', import.meta.url)),
  plugins: [react(), sourceIsSideEffectFree, precompress],
  server: {
    port: 5174,
    strictPort: true,
    proxy: apiProxy,
  },
  build: {
    outDir: fileURLToPath(new URL('./dist-practice', import.meta.url)),
    emptyOutDir: true,
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { output: { codeSplitting } },
  },
});
