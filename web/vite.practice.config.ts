import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appText } from './practice/src/app/app-text';
import {
  apiProxy,
  codeSplitting,
  precompress,
  sharedAlias,
  sourceIsSideEffectFree,
} from './vite.shared';

/**
 * Fails the build when the JavaScript uses a Mantine class (`m_` and 8 hex digits) that none of
 * the built stylesheets defines: the app imports Mantine's styles per component
 * (practice/src/styles.css), so a newly used component must be added there.
 */
const mantineStylesCheck: Plugin = {
  name: 'practica:mantine-styles-check',
  apply: 'build',
  generateBundle(_options, bundle) {
    const mantineClass = /\bm_[0-9a-f]{8}\b/g;
    const used = new Set<string>();
    const defined = new Set<string>();
    for (const file of Object.values(bundle)) {
      if (file.type === 'chunk') for (const c of file.code.match(mantineClass) ?? []) used.add(c);
      else if (file.fileName.endsWith('.css') && typeof file.source === 'string')
        for (const c of file.source.match(mantineClass) ?? []) defined.add(c);
    }
    const missing = [...used].filter((c) => !defined.has(c));
    if (missing.length > 0)
      this.error(
        `Mantine styles missing for ${missing.join(', ')}: import the component's CSS in practice/src/styles.css`,
      );
  },
};

/** The brand red of the theme's filled buttons (shared/theme/theme.ts, brand shade 7). */
const brandColor = '#c8141b';

/**
 * Vite for the trainees' practice app (its own entry and bundle, served at /practice): the
 * sources live in web/practice and share web/shared (`@shared/…`: API client, theme, auth forms)
 * and the contract with the console, never the console's own web/src; the build
 * goes to web/dist-practice. vite-plugin-pwa makes it installable: the web app manifest, and a
 * Workbox service worker (scope /practice/) that precaches the app shell and answers navigations
 * with index.html (never /api, /files or /dev). The app registers the worker itself (main.tsx).
 *
 * Chunks: the console's library groups, without its inlining of small shared chunks — its
 * runtime registry costs the sign-in page more (3 KB gzipped) than the extra requests save.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./practice', import.meta.url)),
  base: '/practice/',
  publicDir: fileURLToPath(new URL('./practice/public', import.meta.url)),
  resolve: { alias: sharedAlias },
  plugins: [
    react(),
    sourceIsSideEffectFree,
    mantineStylesCheck,
    VitePWA({
      // A new version waits until every tab of the app is closed: it never reloads a page in the
      // middle of a recording.
      registerType: 'prompt',
      injectRegister: false,
      scope: '/practice/',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/practice/',
        name: appText.appName,
        short_name: appText.shortName,
        description: 'Answer your interview practice in the browser.',
        lang: 'en',
        start_url: '/practice/',
        scope: '/practice/',
        display: 'standalone',
        orientation: 'any',
        theme_color: brandColor,
        background_color: '#ffffff',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: 'icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/practice/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/files(\/|$)/, /^\/dev(\/|$)/],
        cleanupOutdatedCaches: true,
      },
    }),
    precompress,
  ],
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
    rolldownOptions: { output: { codeSplitting: { groups: codeSplitting.groups } } },
  },
});
