import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  apiProxy,
  codeSplitting,
  precompress,
  sharedAlias,
  sourceIsSideEffectFree,
} from './vite.shared';

/** Vite for the console (architecture.md): dev server proxies the API; build goes to web/dist. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), sourceIsSideEffectFree, precompress],
  resolve: { alias: sharedAlias },
  server: {
    port: 5173,
    strictPort: true,
    proxy: apiProxy,
  },
  preview: { port: 4173 },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting,
      },
    },
  },
});
