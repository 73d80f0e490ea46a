/**
 * Runs first in `npm test`: the browser stories need Chromium (e2e/chromium.ts), and the stories
 * every engine runs need Firefox and WebKit too (e2e/engines/). Playwright's own Chromium is
 * fetched with `playwright install chromium` where it is missing; where it cannot be had, the
 * system's is used. Firefox and WebKit come from the system's packages only. Where an engine is
 * missing, the run stops here with one line that says how to get it, before any test.
 */
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { NO_BROWSER, findChromium } from '../e2e/chromium';
import { FIREFOX_PATH, NO_FIREFOX, hasFirefox } from '../e2e/engines/firefox';
import { NO_WEBKIT, WEBKIT_DRIVER_PATH, hasWebKit } from '../e2e/engines/webkit';

const playwrightsOwn = () => findChromium() === chromium.executablePath();
if (!process.env.CHROMIUM_PATH && !playwrightsOwn()) {
  spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'ignore', timeout: 300_000 });
}
const browser = findChromium();
const missing = [browser ? undefined : NO_BROWSER, hasFirefox() ? undefined : NO_FIREFOX, hasWebKit() ? undefined : NO_WEBKIT].filter(Boolean);
if (missing.length > 0) {
  console.error(missing.join('\n'));
  process.exit(1);
}
console.log(`Browsers for the stories: ${browser}, ${FIREFOX_PATH}, ${WEBKIT_DRIVER_PATH}`);
