import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { architecture } from './tools/eslint-architecture.js';

const DATABASE_IMPORTS = {
  paths: [
    {
      name: 'pg',
      message: 'Only repositories and platform/db talk to the database.',
      allowTypeImports: true,
    },
    {
      name: 'drizzle-orm',
      message: 'Only repositories and platform/db talk to the database.',
      allowTypeImports: true,
    },
  ],
  patterns: [
    {
      group: ['drizzle-orm/*'],
      message: 'Only repositories and platform/db talk to the database.',
      allowTypeImports: true,
    },
    {
      group: ['**/*.table.js'],
      message: 'Tables are reached through their repository.',
      allowTypeImports: true,
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-types/**',
      'data/**',
      'bench/results/**',
      'e2e/artifacts/**',
      '**/*.d.ts',
      'apps/server/migrations/**',
      '**/.migrations-check/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'tools/*.js', 'apps/server/scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX, architecture },
    settings: {
      // Sources import './x.js' for './x.ts' (ES modules under TypeScript): without the alias the
      // resolver finds no file and import-x/no-cycle silently sees no edges at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['source', 'import', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-default-export': 'error',
      'architecture/no-cross-feature-imports': 'error',
      'architecture/module-through-service': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/**/*.table.ts',
      'apps/server/src/platform/db/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', DATABASE_IMPORTS] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React Router's Link and NavLink bring its framework-mode prefetching into the first load
      // of every page (7 kB minified, 1.6 kB brotli); components/router-link.tsx is the same anchor
      // without it.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Use RouterLink from components/router-link (keeps the first load small).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tools read their configuration from a default export.
    files: ['**/*.config.{ts,js,mjs}', 'eslint.config.js', '**/global-setup.ts'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
