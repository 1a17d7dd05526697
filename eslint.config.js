// Lint for the whole repository: `npm run lint` (part of `npm test`), zero warnings allowed.
// Type-checked TypeScript rules, React hooks, accessibility of JSX, and the
// boundaries of docs/architecture.md: the client never imports the server, the server never
// imports the client, shared code imports neither, the client's features stay apart, and the
// server's capabilities reach each other only through each one's index.ts.
import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CLIENT_FEATURES = ['order-form', 'inbox', 'order-status', 'portal', 'collections'];
/** The client's app shell: it picks a feature by path; nothing else may import it. */
const CLIENT_SHELL = ['./src/client/main.tsx', './src/client/app.tsx', './src/client/settings.ts'];
const BOUNDARIES = [
  { target: './src/client', from: './src/server', message: 'The client talks to the server over HTTP only.' },
  { target: './src/server', from: './src/client', message: 'The server never imports client code.' },
  { target: './src/shared', from: ['./src/client', './src/server'], message: 'Shared code imports neither side.' },
  // Features never import each other: what two of them need lives in src/client/shared or
  // src/client/components; the app shell imports features, never the other way round.
  ...CLIENT_FEATURES.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'Features stay apart: share through src/client/shared or src/client/components.',
  })),
  { target: './src/client/features', from: CLIENT_SHELL, message: 'Features never import the app shell.' },
  {
    target: ['./src/client/shared', './src/client/components'],
    from: ['./src/client/features', ...CLIENT_SHELL],
    message: 'Shared client code imports no feature and not the app shell.',
  },
];
/**
 * The server's capabilities (docs/architecture.md, the module map): each folder's index.ts is
 * its public face. Anything else of the server (the platform, app.ts, another capability) may
 * import a capability's index.ts only; its tests may reach inside.
 */
const SERVER_CAPABILITIES = [
  'artwork',
  'collections',
  'invoices',
  'orders',
  'portal',
  'prices',
  'privacy',
  'production',
  'purchasing',
  'quotes',
  'settings',
  'staff',
  'uploads',
];
const SERVER_ENTRIES = fs.readdirSync('./src/server').map((name) => `./src/server/${name}`);
const CAPABILITY_FACES = SERVER_CAPABILITIES.map((capability) => ({
  target: SERVER_ENTRIES.filter((entry) => entry !== `./src/server/${capability}`),
  from: `./src/server/${capability}`,
  except: ['./index.ts'],
  message: `Reach ${capability}/ through its public face, ${capability}/index.ts.`,
}));
/** The platform knows no capability: it is what capabilities stand on (docs/architecture.md). */
const PLATFORM = ['http', 'mail', 'storage', 'files', 'pdf'].map((name) => `./src/server/${name}`);
const PLATFORM_KNOWS_NO_CAPABILITY = {
  target: PLATFORM,
  from: SERVER_CAPABILITIES.map((capability) => `./src/server/${capability}`),
  message:
    'The platform (http/, mail/, storage/, files/, pdf/) imports no capability: move what both need down into it.',
};
const NO_TOOLS_IN_SOURCE = {
  target: './src',
  from: ['./tests', './bench', './scripts'],
  message: 'What is built never imports tests or tools.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'bench/out/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
  },
  // Plain JavaScript (benchmarks, scripts, this file) is not part of the TypeScript project.
  { files: ['**/*.{js,mjs,cjs}'], extends: [tseslint.configs.disableTypeChecked] },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [importPlugin.flatConfigs.recommended, importPlugin.flatConfigs.typescript],
    settings: { 'import/resolver': { typescript: { project: './tsconfig.json' }, node: true } },
    rules: {
      // Import cycles are found by dpdm in `npm run lint` (lint:cycles): import/no-cycle took
      // half of the lint's time, walking every file's imports again for each file.
      'import/no-restricted-paths': ['error', { zones: BOUNDARIES }],
      // TypeScript checks these better (and knows the .js → .ts mapping of NodeNext imports).
      'import/no-unresolved': 'off',
      'import/named': 'off',
      'import/namespace': 'off',
      'import/default': 'off',
      'import/no-named-as-default-member': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [...BOUNDARIES, NO_TOOLS_IN_SOURCE, PLATFORM_KNOWS_NO_CAPABILITY, ...CAPABILITY_FACES] },
      ],
    },
  },
  {
    // Tests read JSON answers and database rows as `any` to assert on them.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Migrations are frozen in time: they take Kysely<any>, never today's row types.
    files: ['src/server/storage/migrations*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    rules: {
      // Fastify plugins and hooks are async functions by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
);
