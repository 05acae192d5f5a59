import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/*
 * Walls in the web app (bulletproof-react's restricted paths, decision 55): a feature reaches another
 * only through its public entry, web/src/features/<name>/index.ts, and the shared layers
 * (components/, lib/) never reach into a feature. Built from the folders, so a new feature is walled
 * without touching this file. Relative imports only (the web app uses no path aliases), so a regex
 * over the written path is exact: `../../posts` passes, `../../posts/components/post-card` does not.
 */
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const INSIDE_A_FEATURE = (names) => `^(\\.\\./)+(features/)?(${names.join('|')})/`;
// The app shell (web/src/app: the router, the layout, the entries) assembles the features; a feature
// never reaches back into it. What features share lives in components/ or lib/ (decision 55).
const INTO_THE_APP = '^(\\.\\./)+app(/|$)';
const APP_MESSAGE =
  'A feature must not import the app shell (web/src/app); move what it needs to components/ or lib/.';
const walls = (names, message) => ({
  // One rule for both walls: a second config for the same files would replace these patterns.
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { regex: INSIDE_A_FEATURE(names), message },
        { regex: INTO_THE_APP, message: APP_MESSAGE },
      ],
    },
  ],
  // Lazy imports too: a feature's public entry offers a loader for what it lets others load late.
  'no-restricted-syntax': [
    'error',
    {
      selector: `ImportExpression[source.value=/${INSIDE_A_FEATURE(names).replaceAll('/', '\\/')}/]`,
      message,
    },
    {
      selector: `ImportExpression[source.value=/${INTO_THE_APP.replaceAll('/', '\\/')}/]`,
      message: APP_MESSAGE,
    },
  ],
});
const featureWalls = WEB_FEATURES.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: walls(
    WEB_FEATURES.filter((other) => other !== feature),
    `Import another feature through its public entry (features/<name>/index.ts), or move what both use to components/ or lib/.`,
  ),
}));
const sharedWalls = {
  files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '(^|/)features(/|$)',
            message: 'Shared code (components/, lib/) must not depend on a feature.',
          },
          {
            regex: INTO_THE_APP,
            message: 'Shared code (components/, lib/) must not depend on the app shell (web/src/app).',
          },
        ],
      },
    ],
  },
};

/*
 * The server's layers (decision 53): services and routes reach storage only through their
 * module's repository, which hides both databases' SQL and turns their refusals into results.
 */
const storageWall = {
  files: ['server/modules/**/*-service.ts', 'server/modules/**/*-routes.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(\\.\\./)+db/',
            message:
              'Services and routes reach storage through a repository (decision 53), never server/db/.',
          },
        ],
      },
    ],
  },
};

/*
 * Imports between server modules go one way where decision 58 says so: domains → publications,
 * curation → moderation, federation → users, posts and publications (decision 70). Written as no-restricted-syntax so it adds to storageWall's
 * no-restricted-imports on the same files instead of replacing it.
 */
const oneWay = (from, ...targets) => ({
  files: [`server/modules/${from}/**/*.ts`],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...targets.flatMap((to) =>
        ['ImportDeclaration', 'ImportExpression', 'ExportNamedDeclaration', 'ExportAllDeclaration'].map(
          (node) => ({
            selector: `${node}[source.value=/^(\\.\\.\\/)+${to}\\//]`,
            message: `${from} must not import ${to}: imports between these modules go ${to} → ${from} (decision 58).`,
          }),
        ),
      ),
    ],
  },
});
// The social web (federation) reads writers, posts and publications through their services.
const moduleDirections = [
  oneWay('publications', 'domains', 'federation'),
  oneWay('moderation', 'curation'),
  oneWay('users', 'federation'),
  oneWay('posts', 'federation'),
];

// Ghost's rule: every rule is an error or off, never a warning that everyone learns to ignore.
export default tseslint.config(
  {
    ignores: ['build', 'data', 'node_modules', '.tmp', 'bench/results', 'test-results', 'playwright-report'],
  },
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
  ...featureWalls,
  sharedWalls,
  storageWall,
  ...moduleDirections,
);
