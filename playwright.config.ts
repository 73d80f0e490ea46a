import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from './e2e/chromium';
import type { EngineName } from './e2e/engines/engine-page';

const port = Number(process.env.E2E_PORT || 8181);
/** An app that may embed /change-password: another origin on the same site as the front door. */
export const ALLOWED_PARENT = `http://127.0.0.1:${port + 1}`;

/**
 * User stories in real Chromium against the real reference server on a fresh embedded database;
 * the stories every engine runs (e2e/engines/) also in Firefox and WebKit, each on a front door of
 * its own.
 */
export default defineConfig<object, { engine: EngineName }>({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
  projects: [
    { name: 'chromium' },
    { name: 'firefox', testMatch: 'engines/*.spec.ts', use: { engine: 'firefox' } },
    { name: 'webkit', testMatch: 'engines/*.spec.ts', use: { engine: 'webkit' } },
  ],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(tmpdir(), `frontdoor-e2e-${process.pid}`),
      LOG_LEVEL: 'warn',
      ALLOWED_PARENT_ORIGINS: ALLOWED_PARENT,
      // The stories' accounts arrive through a proxy, each from an address of its own (e2e/fixtures.ts).
      TRUST_PROXY_HOPS: '1',
    },
  },
});
