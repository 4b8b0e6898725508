// Lint for the whole repository: typescript-eslint's recommended rules, and the folder boundaries that
// keep the layout of docs/ARCHITECTURE.md: web → contracts; search-api → engine, indexer, db, contracts,
// shared; indexer → engine, mappings, db, contracts, shared; mappings → engine; db → contracts, shared;
// engine, contracts and shared → nothing of ours. Tests, benches and scripts may use anything.
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FOLDERS = ['web', 'contracts', 'search-api', 'indexer', 'mappings', 'engine', 'db', 'shared', 'bench', 'tests', 'scripts'];

/** What each folder may import from, besides itself. */
const MAY_IMPORT = {
  web: ['contracts'],
  'search-api': ['engine', 'indexer', 'db', 'contracts', 'shared'],
  indexer: ['engine', 'mappings', 'db', 'contracts', 'shared'],
  mappings: ['engine'],
  db: ['contracts', 'shared'],
  engine: [],
  contracts: [],
  shared: [],
  bench: FOLDERS,
  tests: FOLDERS,
  scripts: FOLDERS,
};

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
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: Object.entries(MAY_IMPORT).map(([from, to]) => ({
            from: { element: { type: from } },
            allow: { to: { element: { types: { anyOf: [from, ...to] } } } },
          })),
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
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
);
