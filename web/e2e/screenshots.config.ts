/**
 * `npm run screenshots`: runs take-screenshots.ts alone, with the e2e suite's server, browser and
 * log check (playwright.config.ts), to refresh web/e2e/screenshots/ and the README's
 * docs/screenshots/login.png and docs/screenshots/admin-dashboard.png. Not part of `npm test`.
 */
import { defineConfig } from '@playwright/test';
import e2e, { chromiumUse } from './playwright.config';

export default defineConfig({
  ...e2e,
  testMatch: /take-screenshots\.ts$/,
  projects: [{ name: 'screenshots', use: chromiumUse }],
});
