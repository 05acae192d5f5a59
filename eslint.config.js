import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Ghost's rule: every rule is an error or off, never a warning that everyone learns to ignore.
export default tseslint.config(
  { ignores: ['build', 'data', 'node_modules', '.tmp', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['server/**', 'tests/**', 'e2e/**', 'scripts/**', 'bench/**', '*.config.*'],
    languageOptions: { globals: globals.node },
  },
  {
    // Migrations are frozen in time and typed Kysely<any> on purpose (Kysely's own advice).
    files: ['server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
