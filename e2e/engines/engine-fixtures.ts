/**
 * The fixtures of the stories every engine runs (e2e/engines/shared-stories.spec.ts): a front door
 * of the worker's own with fresh demo data (e2e/own-front-door.ts), so each engine's stories meet
 * the demo's people as the README's demo does, and pages opened in the project's engine, closed
 * after the story. An engine missing from the machine fails the story with one line saying how to
 * get it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, request as requests, type APIRequestContext } from '@playwright/test';
import { startFrontDoorOnFreePort, stopFrontDoor } from '../own-front-door';
import type { EngineName, EnginePage } from './engine-page';
import { openChromium } from './chromium';
import { hasFirefox, NO_FIREFOX, openFirefox } from './firefox';
import { hasWebKit, NO_WEBKIT, openWebKit } from './webkit';

export { expect } from '@playwright/test';

interface FrontDoor {
  /** The demo's public URL, on the front door's own name (README, "The demo"). */
  baseURL: string;
  port: number;
  /** The API of this front door, from the story's own side. */
  api: APIRequestContext;
}

interface WorkerFixtures {
  engine: EngineName;
  frontDoor: FrontDoor;
}

interface Fixtures {
  /** A page in a browser of its own, in the project's engine; `javaScript: false` runs no script. */
  open: (options?: { javaScript?: boolean }) => Promise<EnginePage>;
}

const OPENERS = { chromium: openChromium, firefox: openFirefox, webkit: openWebKit };
const MISSING: Record<EngineName, () => string | undefined> = {
  chromium: () => undefined,
  firefox: () => (hasFirefox() ? undefined : NO_FIREFOX),
  webkit: () => (hasWebKit() ? undefined : NO_WEBKIT),
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  frontDoor: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'frontdoor-engines-'));
      const { server, port } = await startFrontDoorOnFreePort(dataDir);
      const baseURL = `http://auth.frontdoor.localhost:${port}`;
      const api = await requests.newContext({ baseURL: `http://127.0.0.1:${port}` });
      await use({ baseURL, port, api });
      await api.dispose();
      await stopFrontDoor(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  open: async ({ engine, frontDoor }, use, testInfo) => {
    const missing = MISSING[engine]();
    if (missing) throw new Error(missing);
    const pages: EnginePage[] = [];
    await use(async ({ javaScript = true } = {}) => {
      const page = await OPENERS[engine]({ baseURL: frontDoor.baseURL, javaScript });
      pages.push(page);
      return page;
    });
    // What each page showed when a story failed, beside its report.
    if (testInfo.status !== testInfo.expectedStatus)
      for (const [index, page] of pages.entries())
        await page.screenshot().then(
          (png) => writeFileSync(testInfo.outputPath(`page-${index + 1}-at-the-end.png`), png),
          () => undefined,
        );
    await Promise.all(pages.map((page) => page.close()));
  },
});
