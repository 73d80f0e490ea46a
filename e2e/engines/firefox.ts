/**
 * Firefox as people have it: Debian's `firefox-esr`, driven over WebDriver BiDi by puppeteer-core
 * (Playwright drives only its own patched Firefox, which cannot be downloaded here). One browser
 * per page, so a page's cookies and storage are its own.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Page } from 'puppeteer-core';
import type { EngineOptions, EnginePage } from './engine-page';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const NO_FIREFOX = `No Firefox found for the stories in Firefox at ${FIREFOX_PATH}: install it (Debian: \`apt-get install firefox-esr\`) or set FIREFOX_PATH.`;

export const hasFirefox = () => existsSync(FIREFOX_PATH);

/** No network of Firefox's own: no updates, telemetry or captive-portal probes while it is driven. */
export const QUIET_PREFS = {
  'network.captive-portal-service.enabled': false,
  'app.update.enabled': false,
  'toolkit.telemetry.enabled': false,
} as const;

export async function openFirefox({ baseURL, javaScript }: EngineOptions): Promise<EnginePage> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: { 'javascript.enabled': javaScript, ...QUIET_PREFS },
  });
  const [first] = await browser.pages();
  const page: Page = first ?? (await browser.newPage());
  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, baseURL).href;
  return {
    engine: 'firefox',
    async goto(pathOrUrl) {
      await page.goto(absolute(pathOrUrl), { waitUntil: 'load' });
    },
    url: async () => new URL(page.url()),
    evaluate: async <T>(fn: string, ...args: unknown[]) => (await page.evaluate(`(${fn})(...${JSON.stringify(args)})`)) as T,
    async fill(selector, text) {
      await page.$eval(selector, (element) => {
        (element as HTMLInputElement).select();
      });
      await page.keyboard.press('Backspace');
      await page.type(selector, text);
    },
    // A pointer click at the element's middle, measured by the page: puppeteer's own click waits
    // for an IntersectionObserver, whose callback a page without script never runs.
    async click(selector) {
      const { x, y } = await page.$eval(selector, (element) => {
        element.scrollIntoView({ block: 'center' });
        const box = element.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      });
      await page.mouse.click(x, y);
    },
    async screenshot(selector) {
      const target = selector ? await page.$(selector) : page;
      if (!target) throw new Error(`No element ${selector} to take a picture of.`);
      return Buffer.from(await target.screenshot({ type: 'png' }));
    },
    async setViewport(width, height) {
      await page.setViewport({ width, height });
    },
    close: () => browser.close(),
  };
}
