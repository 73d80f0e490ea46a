import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The same aliases as the Parcel build (package.json "alias"): the app is tested as it ships, on Preact. */
const preactAliases = [
  { find: /^react$/, replacement: here('./src/preact/react-shim.js') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  // Toolkit tests are written against React's testing library and run on both runtimes.
  { find: /^@testing-library\/react$/, replacement: '@testing-library/preact' },
];

/** Stubs jsdom lacks (CSS.supports for Ariakit's Dialog) and the cleanup both testing libraries need. */
const setupFiles = [here('./src/ui/test/setup.ts')];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: preactAliases },
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: [...setupFiles, here('./src/testing/setup.ts')],
          // The reference server the app's screens call, as they call it in a browser.
          globalSetup: [here('./server/testing/reference-server.ts')],
          server: { deps: { inline: [/@ariakit/, /preact/] } },
        },
      },
      {
        // The toolkit is a package for React apps too: its component tests run again on real React 19.
        resolve: { alias: [{ find: /^@testing-library\/preact$/, replacement: '@testing-library/react' }] },
        test: {
          name: 'ui-react',
          environment: 'jsdom',
          include: ['src/ui/**/*.test.{ts,tsx}'],
          setupFiles,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['rules/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: [here('./server/testing/postgres-server.ts')],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
