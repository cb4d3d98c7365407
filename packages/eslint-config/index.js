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

export default base;
