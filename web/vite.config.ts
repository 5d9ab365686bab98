import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/**
 * Chunk groups: the framework code every route needs is split by library so browsers cache it
 * across releases; everything a page needs beyond that stays in the page's own lazy chunk.
 */
const chunkGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
];

/**
 * The contract package is plain declarations (enums, messages, zod schemas): none of its modules
 * has side effects, so a page that needs only the sign-in schemas does not carry the others.
 */
const contractIsSideEffectFree: Plugin = {
  name: 'practica:contract-side-effect-free',
  transform: {
    filter: { id: /packages[\\/]contract[\\/]src[\\/]/ },
    handler(code) {
      return { code, map: null, moduleSideEffects: false };
    },
  },
};

/** Vite for the console (DESIGN.md): dev server proxies the API; build goes to web/dist. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), contractIsSideEffectFree],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/files': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget },
      '/readyz': { target: apiTarget },
      '/dev': { target: apiTarget },
    },
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
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
