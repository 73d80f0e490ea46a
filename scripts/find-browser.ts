/**
 * Runs first in `npm test`: the browser stories need Chromium (e2e/chromium.ts). Playwright's own
 * is fetched with `playwright install chromium` where it is missing; where it cannot be had, the
 * system's is used, and where there is none either, the run stops here with one line that says
 * how to get one, before any test.
 */
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { NO_BROWSER, findChromium } from '../e2e/chromium';

const playwrightsOwn = () => findChromium() === chromium.executablePath();
if (!process.env.CHROMIUM_PATH && !playwrightsOwn()) {
  spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'ignore', timeout: 300_000 });
}
const browser = findChromium();
if (!browser) {
  console.error(NO_BROWSER);
  process.exit(1);
}
console.log(`Browser for the stories: ${browser}`);
