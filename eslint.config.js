// Lint: typescript-eslint's recommended rules, the one-way layers of the codebase (README,
// "Architecture"), so an import that points the wrong way fails `npm test`, and no regular
// expression whose running time grows faster than its input (one request must not stall the server).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import regexp from 'eslint-plugin-regexp';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The app's layers, top to bottom: a layer imports its own files and the layers below it, never one
 * above (README, "Architecture"). The files at the root of `src`, the shell's boot, stand above them
 * all, the tests' helpers above the router, and the runtime configuration under everything. The
 * steps after each answer stand on the flow (its paths, the `Flow` a step moves) and under the screens.
 */
const APP_LAYERS = [
  ['app-testing', 'src/testing'],
  ['app-router', 'src/router'],
  ['app-screens', 'src/screens'],
  ['app-gallery', 'src/gallery'],
  ['app-steps', 'src/steps'],
  ['app-flow', 'src/flow'],
  ['app-schemas', 'src/schemas'],
  ['app-api', 'src/api'],
  ['app-stores', 'src/stores'],
  ['app-platform', 'src/platform'],
  ['app-session', 'src/session'],
  ['app-i18n', 'src/i18n'],
  ['app-config', 'src/config'],
];
const APP_TYPES = APP_LAYERS.map(([type]) => type);

/** The layers, most specific first: a file belongs to the first pattern it matches. */
const elements = [
  { type: 'toolkit', pattern: 'src/ui' },
  ...APP_LAYERS.map(([type, pattern]) => ({ type, pattern })),
  { type: 'app', pattern: 'src' },
  { type: 'rules', pattern: 'rules' },
  { type: 'contract', pattern: 'openapi' },
  { type: 'server-domain', pattern: 'server/auth' },
  { type: 'server-http', pattern: 'server/api' },
  { type: 'server-data', pattern: 'server/db' },
  { type: 'server-oidc', pattern: 'server/oidc' },
  { type: 'server-saml', pattern: 'server/saml' },
  { type: 'server-web', pattern: 'server/web' },
  { type: 'server', pattern: 'server' },
  { type: 'checker', pattern: 'scripts/contract-checker' },
  { type: 'scripts', pattern: 'scripts' },
  { type: 'e2e', pattern: 'e2e' },
];

/** A non-null assertion (`value!`) inside a callback or function expression. */
const NO_ASSERTION_IN_CLOSURES = {
  selector: ':matches(ArrowFunctionExpression, FunctionExpression) TSNonNullExpression',
  message: 'No non-null assertion in a closure: capture the value after the check that makes it safe.',
};

/** The server beside its HTTP, domain and data layers: the OpenID Provider, SAML, the pages, and the rest (`server`). */
const SERVER_REST = ['server', 'server-oidc', 'server-saml', 'server-web'];

const may = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

const policies = [
  // The toolkit is a package other apps install: it stands on its own.
  may('toolkit', ['toolkit']),
  // The app and the server share only the rules of the specification and the contract's types
  // (openapi/auth.ts, generated from openapi/auth.yaml).
  // The gallery, a screen of development, sits beside the screens: neither imports the other.
  ...APP_TYPES.map((type, index) =>
    may(type, [type, ...APP_TYPES.slice(index + 1).filter((below) => !(type === 'app-screens' && below === 'app-gallery')), 'toolkit', 'rules', 'contract']),
  ),
  may('app', ['app', ...APP_TYPES, 'toolkit', 'rules', 'contract']),
  may('rules', ['rules']),
  // The domain raises its own errors and takes addresses: it knows nothing of HTTP.
  may('server-domain', ['server-domain', 'server-data', ...SERVER_REST, 'rules']),
  // HTTP maps the domain's results to answers: it reaches the database only through the domain.
  may('server-http', ['server-http', 'server-domain', ...SERVER_REST, 'rules', 'contract']),
  // The data layer holds the SQL and knows nothing above it.
  may('server-data', ['server-data', 'rules']),
  may('server', [...SERVER_REST, 'server-domain', 'server-http', 'server-data', 'rules']),
  // The API imports the OpenID Provider, SAML and the pages' helpers, so they never import it back.
  ...['server-oidc', 'server-saml', 'server-web'].map((type) => may(type, [...SERVER_REST, 'server-domain', 'server-data', 'rules'])),
  // The contract checker runs against anyone's server, so it cannot lean on ours.
  may('checker', ['checker', 'rules', 'contract']),
  // The build renders the app's screens to HTML (scripts/prerender).
  may('scripts', ['scripts', 'app', ...APP_TYPES, 'checker', 'contract', ...SERVER_REST, 'server-domain', 'server-http', 'server-data', 'rules', 'e2e']),
  may('e2e', ['e2e', 'rules', 'checker']),
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'build/', '.parcel-cache/', 'openapi/auth.ts', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { boundaries, regexp, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'boundaries/elements': elements,
      'boundaries/include': ['src/**', 'rules/**', 'openapi/**', 'server/**', 'scripts/**', 'e2e/**'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies }],
      // A cycle has no order to load in, and no layer to read first.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // Tests of the data layer open their databases through the server's test helpers; tests of the
    // API read the database to see what a request wrote.
    files: ['server/db/**/*.test.ts', 'server/api/**/*.test.ts'],
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', policies: [...policies, may('server-data', ['server']), may('server-http', ['server-data'])] },
      ],
    },
  },
  {
    // A test of the app drives its unit through the app's test helpers and, where a screen or a
    // flow is the unit, through the router that shows it.
    files: ['src/**/*.test.{ts,tsx}'],
    ignores: ['src/ui/**'],
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: [...policies, ...APP_TYPES.map((type) => may(type, APP_TYPES))] }],
    },
  },
  {
    // A closure runs later than the check that made a value safe: it captures the checked value
    // instead of asserting it again (`const { raw } = token` after the guard, not `token!.raw`).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.{ts,tsx}', 'rules/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'no-restricted-syntax': ['error', NO_ASSERTION_IN_CLOSURES] },
  },
  {
    // What the server and the build write into pages goes through function replacements: a
    // replacement string expands `$&`, `` $` `` and `$'`, so a value in it could add attributes.
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_ASSERTION_IN_CLOSURES,
        {
          selector:
            'CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:not([arguments.1.type=/^(Literal|ArrowFunctionExpression|FunctionExpression)$/])',
          message: "Replace with a string literal or a function: a replacement string built from a value expands $&, $` and $' in it.",
        },
      ],
    },
  },
  {
    // Hooks in a fixed order, and no effect, memo or callback with a dependency it does not name.
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.tsx', 'scripts/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { console: 'readonly', Event: 'readonly', process: 'readonly' } },
  },
  {
    // Parcel loads its plugins as CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
