// The lint rules every workspace shares (flat config). Browser apps add `browserApp`.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export const base = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/public/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  // SQL lives in packages/db's repositories: no query builder or sql`` anywhere else (core included).
  // Tests and benchmarks set up and inspect state directly.
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/testing.ts', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]",
          message: 'Queries belong in a packages/db repository: call a repository function here.',
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'Queries belong in a packages/db repository: call a repository function here.' },
      ],
    },
  },
  // Command-line entry points and benchmarks talk to a terminal.
  { files: ['**/cli/**', '**/bench/**', '**/support/**'], rules: { 'no-console': 'off' } },
);

/** The browser apps may import only `type AppRouter` from the API and the shared package. */
export const browserApp = tseslint.config(...base, {
  files: ['src/**/*.{ts,tsx}'],
  languageOptions: { globals: { ...globals.browser } },
  rules: {
    'no-console': ['error', { allow: ['error', 'warn'] }],
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['@reelsmith/api', '@reelsmith/api/*'], allowTypeImports: true, message: 'Browser code may only import types from @reelsmith/api.' },
          { group: ['@reelsmith/core', '@reelsmith/core/*', '@reelsmith/db', '@reelsmith/db/*', '@reelsmith/media', '@reelsmith/jobs', 'node:*'], message: 'Browser code may import only @reelsmith/shared and type AppRouter.' },
        ],
      },
    ],
  },
});

/** packages/db itself, benchmarks (they seed data as tests do), and packages/core until its queries move into repositories (issue 17). */
export const queriesAllowed = [{ files: ['**/*.ts'], rules: { 'no-restricted-syntax': 'off' } }];

export default base;
