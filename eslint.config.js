// ESLint for the whole workspace: typescript-eslint everywhere, React hooks rules in web, and the
// import boundaries of architecture.md: contract ← server, contract ← web; web never imports server;
// the contract imports no ORM, framework or UI; a feature does not import another feature.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const serverOnly = [
  'fastify',
  'fastify-*',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  '@electric-sql/*',
  'nodemailer',
  '@node-rs/*',
  'jose',
];
const webOnly = [
  'react',
  'react-dom',
  'react-dom/*',
  'react-router',
  '@mantine/*',
  '@tanstack/*',
  '@tabler/*',
];

/** Import rules of every server file. */
const serverPatterns = [
  { group: [...webOnly], message: 'The server does not import UI libraries.' },
  { group: ['@practica/web', '**/web/src/**'], message: 'The server never imports the web.' },
  { group: ['**/packages/contract/**'], message: "Import the contract as '@practica/contract'." },
];

/**
 * The server's modules in layers (architecture.md 'Layout'): each module may import the modules listed
 * for it, and only through their `index.ts`. The map must stay acyclic and name every module
 * folder; both are checked when this file loads, so a new module or a cycle fails the lint.
 */
const serverModuleLayers = {
  files: [],
  mail: [],
  notifications: ['mail'],
  health: [],
  info: [],
  composition: ['files'],
  organizations: ['files'],
  users: ['files', 'mail', 'organizations'],
  auth: ['users'],
  invites: ['auth', 'mail', 'organizations', 'users', 'webhooks'],
  assets: ['files', 'organizations'],
  contents: ['assets', 'files', 'notifications', 'organizations', 'users'],
  groups: ['organizations', 'users'],
  assignments: [
    'assets',
    'audit',
    'composition',
    'contents',
    'files',
    'groups',
    'notifications',
    'organizations',
    'users',
  ],
  audit: [],
  'review-claims': ['audit'],
  answers: [
    'assignments',
    'audit',
    'composition',
    'files',
    'mail',
    'organizations',
    'review-claims',
    'users',
    'webhooks',
  ],
  media: ['answers', 'files'],
  'review-comments': ['answers'],
  'review-inbox': ['assignments', 'groups', 'organizations'],
  me: [
    'answers',
    'assignments',
    'audit',
    'composition',
    'files',
    'media',
    'review-comments',
    'webhooks',
  ],
  'review-history': ['answers'],
  insights: [],
  'api-tokens': ['audit', 'organizations', 'users'],
  scim: ['groups', 'organizations', 'users'],
  sso: ['auth', 'invites', 'organizations', 'users'],
  metrics: [],
  webhooks: ['organizations'],
};

/** Throws when the layer map has a cycle or misses a module folder. */
function checkServerModuleLayers(layers) {
  const folders = fs
    .readdirSync(new URL('./server/src/modules/', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const missing = folders.filter((name) => !(name in layers));
  if (missing.length > 0)
    throw new Error(
      `eslint.config.js: place server module(s) ${missing.join(', ')} in serverModuleLayers`,
    );
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open')
      throw new Error(
        `eslint.config.js: server modules import in a cycle: ${[...path, name].join(' → ')}`,
      );
    state.set(name, 'open');
    for (const dep of layers[name] ?? []) visit(dep, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of Object.keys(layers)) visit(name, []);
}
checkServerModuleLayers(serverModuleLayers);

/** The import patterns that keep `module` inside its layer (relative imports between modules). */
function serverModuleImportPatterns(module) {
  const others = Object.keys(serverModuleLayers).filter((name) => name !== module);
  const allowed = new Set(serverModuleLayers[module]);
  return others.map((name) =>
    allowed.has(name)
      ? {
          group: [`../${name}/*`, `!../${name}/index.js`],
          message: `Import the ${name} module through its index.ts.`,
        }
      : {
          group: [`../${name}/*`],
          message: `The ${module} module may not import ${name} (serverModuleLayers in eslint.config.js).`,
        },
  );
}

/**
 * The web's zones (architecture.md 'web'), told apart by file path; eslint-plugin-boundaries checks
 * every import by the file it resolves to. The first pattern a file matches names its zone.
 * - shared: web/shared (imported as `@shared/…`), the code both apps use. It imports neither app.
 * - practice: web/practice, the trainees' app: shared and itself, never the console (web/src).
 * - the console, web/src: `feature` (features/<name>, its own files, never another feature's or
 *   app/), `app` (app/ and main.tsx, which compose features through their index.ts), `test`
 *   (src/test, the console's test helpers) and `common` (components, config, lib: no feature, no
 *   app/; their tests, `common-test`, may use the test helpers). Every console zone may import
 *   shared.
 */
const webZones = [
  { type: 'shared', pattern: 'web/shared/**', mode: 'full' },
  { type: 'practice', pattern: 'web/practice/**', mode: 'full' },
  { type: 'feature', pattern: 'web/src/features/*', mode: 'folder', capture: ['feature'] },
  { type: 'app', pattern: ['web/src/app/**', 'web/src/main.tsx'], mode: 'full' },
  { type: 'test', pattern: 'web/src/test/**', mode: 'full' },
  {
    type: 'common-test',
    pattern: 'web/src/{components,config,lib}/**/*.test.{ts,tsx}',
    mode: 'full',
  },
  { type: 'common', pattern: 'web/src/{components,config,lib}/**', mode: 'full' },
];

/** Which zone may import which (anything not allowed here is an error). */
const webZoneRules = [
  { from: ['shared'], allow: ['shared'] },
  { from: ['practice'], allow: ['practice', 'shared'] },
  { from: ['common'], allow: ['common', 'shared'] },
  { from: ['common-test'], allow: ['common', 'test', 'shared'] },
  {
    from: ['feature'],
    allow: ['common', 'test', 'shared', ['feature', { feature: '${from.feature}' }]],
  },
  { from: ['app'], allow: ['app', 'feature', 'common', 'test', 'shared'] },
  { from: ['test'], allow: ['test', 'app', 'feature', 'common', 'shared'] },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dist-practice/**',
      '**/data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly' },
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...serverOnly, ...webOnly],
              message: 'The contract is zod only: no ORM, framework or UI.',
            },
            {
              group: ['@practica/server', '@practica/web', '**/server/**', '**/web/**'],
              message: 'The contract imports nothing of server or web.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns }] },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverPatterns,
            {
              group: ['**/modules/*/*', '!**/modules/*/index.js'],
              message: 'Import a server module through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  ...Object.keys(serverModuleLayers).map((module) => ({
    files: [`server/src/modules/${module}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...serverPatterns, ...serverModuleImportPatterns(module)] },
      ],
    },
  })),
  // The mail layout renders the mails' HTML with React's renderToStaticMarkup, which escapes every
  // value: the one server file that may import react and react-dom/server.
  {
    files: ['server/src/modules/mail/layout.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...webOnly.filter((name) => !/^react(-dom)?(\/\*)?$/.test(name)),
                'react-dom/client',
              ],
              message: 'The server does not import UI libraries.',
            },
            ...serverPatterns.slice(1),
            ...serverModuleImportPatterns('mail'),
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-syntax': [
        'error',
        {
          // Mantine's Loader is a span: ARIA lets no name on it (axe: aria-prohibited-attr).
          selector: "JSXOpeningElement[name.name='Loader'] > JSXAttribute[name.name='aria-label']",
          message:
            'A Loader may not carry aria-label: use StatusLoader (@shared/components/page-loader), a status with the text.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: serverOnly, message: 'The web never imports server libraries.' },
            {
              group: ['@practica/server', '**/server/src/**'],
              message: 'The web never imports the server.',
            },
            {
              group: ['**/packages/contract/**'],
              message: "Import the contract as '@practica/contract'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/{src,shared,practice}/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': fileURLToPath(new URL('.', import.meta.url)),
      'boundaries/elements': webZones,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message:
            "The web zone '${file.type}' may not import '${dependency.source}' of zone '${dependency.type}' (webZones in eslint.config.js).",
          rules: webZoneRules,
        },
      ],
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          // The last rule that matches decides: a feature is entered through its index.ts, or
          // through testing/ (the fixtures it offers to tests of the pages that compose it).
          rules: [
            {
              target: ['feature'],
              disallow: ['**'],
              message:
                "Import the ${dependency.feature} feature through its index.ts: '${dependency.source}' reaches into its internals.",
            },
            { target: ['feature'], allow: ['index.ts', 'testing/**'] },
          ],
        },
      ],
    },
  },
);
