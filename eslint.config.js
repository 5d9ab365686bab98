// ESLint for the whole workspace: typescript-eslint everywhere, React hooks rules in web, and the
// import boundaries of DESIGN.md: contract ← server, contract ← web; web never imports server;
// the contract imports no ORM, framework or UI; a feature does not import another feature.
import js from '@eslint/js';
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

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...webOnly], message: 'The server does not import UI libraries.' },
            {
              group: ['@practica/web', '**/web/src/**'],
              message: 'The server never imports the web.',
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
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
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
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
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
              group: ['**/features/**', '@/features/**'],
              message: 'A feature does not import another feature: compose them in app/.',
            },
            {
              group: ['**/app/**', '@/app/**'],
              message: 'Features do not import app/: app/ composes features.',
            },
          ],
        },
      ],
    },
  },
);
