/**
 * The Chromium the stories run in: `CHROMIUM_PATH` when set, else Playwright's own where
 * `playwright install` could fetch it, else the system's (Debian's `chromium`, which .ci/run
 * installs, or Chrome). scripts/find-browser.ts checks for one before `npm test` runs anything.
 * The flags keep it off the network and let it run as root in CI.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** The browser's executable, or undefined when none is on this machine. */
export function findChromium(): string | undefined {
  const named = process.env.CHROMIUM_PATH;
  if (named) return existsSync(named) ? named : undefined;
  const own = chromium.executablePath();
  if (existsSync(own)) return own;
  return SYSTEM_BROWSERS.find((path) => existsSync(path));
}

/** What to do where no browser is found: one line, printed before any test runs. */
export const NO_BROWSER =
  'No Chromium found for the browser stories: run `npx playwright install chromium`, install Chromium or Chrome (Debian: `apt-get install chromium`), or set CHROMIUM_PATH.';

/** The browser's executable; throws NO_BROWSER where there is none. */
export function requireChromium(): string {
  const path = findChromium();
  if (!path) throw new Error(NO_BROWSER);
  return path;
}

export const chromiumLaunchOptions = {
  executablePath: findChromium(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * A Chromium with the back/forward cache on, which Playwright turns off and people's browsers have
 * on: for the stories of a page the browser brings back as it was left. Closed after `use`.
 */
export async function withPageCache(use: (browser: Browser) => Promise<void>): Promise<void> {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
  try {
    await use(browser);
  } finally {
    await browser.close();
  }
}
