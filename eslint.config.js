// Lint for the whole repository: typescript-eslint's recommended rules, and the folder boundaries that
// keep the layout of docs/ARCHITECTURE.md: web → contracts; extension → contracts; search-api → engine, documents, db, contracts,
// server-shared (and its runtime start, server.ts, → indexer); indexer → engine, documents, db, contracts,
// server-shared; documents → engine, db, contracts, server-shared; db → contracts, server-shared; engine,
// contracts and server-shared → nothing of ours. Tests, benches and scripts may use anything.
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FOLDERS = ['web', 'extension', 'contracts', 'search-api', 'indexer', 'documents', 'engine', 'db', 'server-shared', 'bench', 'tests', 'scripts'];

/** What each folder may import from, besides itself. */
const MAY_IMPORT = {
  web: ['contracts'],
  // The browser extension (issue #55) is bundled on its own: like the web app, only the contracts.
  extension: ['contracts'],
  'search-api': ['engine', 'documents', 'db', 'contracts', 'server-shared'],
  indexer: ['engine', 'documents', 'db', 'contracts', 'server-shared'],
  documents: ['engine', 'db', 'contracts', 'server-shared'],
  db: ['contracts', 'server-shared'],
  engine: [],
  contracts: [],
  'server-shared': [],
  bench: FOLDERS,
  tests: FOLDERS,
  scripts: FOLDERS,
};

/** The boundaries rule for a table of what each folder may import. */
const dependencyRule = (mayImport) => [
  'error',
  {
    default: 'disallow',
    policies: Object.entries(mayImport).map(([from, to]) => ({
      from: { element: { type: from } },
      allow: { to: { element: { types: { anyOf: [from, ...to] } } } },
    })),
  },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.data/**', 'web/dist/**', 'playwright-report/**', 'test-results/**', 'opensearch/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': FOLDERS.map((f) => `${f}/**/*`),
      'boundaries/elements': FOLDERS.map((f) => ({ type: f, pattern: f, partialMatch: false })),
    },
    rules: {
      'boundaries/dependencies': dependencyRule(MAY_IMPORT),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // The runtime start opens the engine and runs the indexer beside the API: the one search-api file that imports indexer/.
    files: ['search-api/server.ts'],
    rules: { 'boundaries/dependencies': dependencyRule({ ...MAY_IMPORT, 'search-api': [...MAY_IMPORT['search-api'], 'indexer'] }) },
  },
  {
    // A test next to its code (engine/, web/, db/ …) may use the shared test fixtures and benches' corpora.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts'],
    rules: { 'boundaries/dependencies': 'off' },
  },
  {
    // Tests and benches reach into library internals (Express's router stack, raw engine sources).
    files: ['tests/**', 'bench/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Inside the web app: web/src/shell/ (what mounts the app, the session bootstrap, the table of screens) is
    // imported only by itself and main.tsx; screens and everything else import the ground, web/src/core/.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/shell/**', 'web/src/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.{1,2}/)+shell/', message: 'Only web/src/shell/ and main.tsx import the shell: use web/src/core/.' }] },
      ],
    },
  },
  {
    // The ground, web/src/core/, imports no screen and nothing of the shell: of the web app only the permission
    // rules its route table reads (user/permissions.ts) and the translator a chunk's strings load through
    // (i18n/index.ts), besides itself and contracts/. Its tests may use fixtures.
    files: ['web/src/core/**/*.{ts,tsx}'],
    ignores: ['web/src/core/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!user/permissions\\.ts$|i18n/index\\.ts$|\\.\\./\\.\\./contracts/)',
              message: 'web/src/core/ is the ground: it imports no screen and no shell, of web/src only user/permissions.ts and i18n/index.ts.',
            },
          ],
        },
      ],
    },
  },
);
