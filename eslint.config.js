import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ioModules = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'child_process',
  'worker_threads',
  'fastify',
  'fastify-*',
  '@fastify/*',
  'better-sqlite3',
  'pg',
  'pg-*',
  'kysely',
  'pino',
  'ioredis',
  'redis',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/.workload/**', '.tmp/**', 'release/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after'] },
          ],
        },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='parseFloat']", message: 'Money is exact: no floating point.' },
        { selector: "CallExpression[callee.property.name='toFixed']", message: 'Money is exact: no floating point.' },
      ],
    },
  },
  {
    files: ['packages/core/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ioModules, message: 'packages/core is pure: no I/O, no framework, no database.' },
            { group: ['@txc/*'], message: 'packages/core depends on nothing.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'packages/core reads no environment.' },
        { name: 'setTimeout', message: 'packages/core has no clock.' },
        { name: 'setInterval', message: 'packages/core has no clock.' },
        { name: 'fetch', message: 'packages/core does no I/O.' },
        { name: 'performance', message: 'packages/core has no clock.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time is an input of the engine.' },
        { object: 'Math', property: 'random', message: 'Randomness is an input of the engine.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'Time is an input of the engine.' },
        { selector: "CallExpression[callee.name='parseFloat']", message: 'Money is exact: no floating point.' },
        { selector: "CallExpression[callee.property.name='toFixed']", message: 'Money is exact: no floating point.' },
      ],
    },
  },
  {
    files: ['packages/sdk/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@txc/server', '@txc/server/*'], message: 'The SDK never depends on the server.' },
            {
              group: ['fastify', '@fastify/*', 'better-sqlite3', 'pg', 'kysely'],
              message: 'The SDK carries no server code.',
            },
            { group: ['@txc/*'], message: 'The SDK is published alone: it imports no workspace package.' },
            { group: ioModules, message: 'The SDK runs in browsers too: Web APIs only (fetch, Web Crypto).' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'The SDK runs in browsers too.' },
        { name: 'Buffer', message: 'The SDK runs in browsers too: use TextEncoder.' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    // plain JavaScript is linted without types: no TypeScript project needs to hold it
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  {
    // scripts the server hands to browsers (the /docs page)
    files: ['packages/server/assets/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
);
