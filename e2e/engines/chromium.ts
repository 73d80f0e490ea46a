/**
 * Chromium through Playwright, as the other stories run it (e2e/chromium.ts), behind the shared
 * stories' page (e2e/engines/engine-page.ts). One context per page, so its cookies are its own.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium';
import type { EngineOptions, EnginePage } from './engine-page';

const ACTION_TIMEOUT_MS = 2_000;

export async function openChromium({ baseURL, javaScript }: EngineOptions): Promise<EnginePage> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return {
    engine: 'chromium',
    async goto(pathOrUrl) {
      await page.goto(pathOrUrl, { waitUntil: 'load' });
    },
    url: async () => new URL(page.url()),
    evaluate: async <T>(fn: string, ...args: unknown[]) => (await page.evaluate(`(${fn})(...${JSON.stringify(args)})`)) as T,
    // Briefly: an element the page replaced meanwhile is found again (e2e/engines/page-actions.ts).
    async fill(selector, text) {
      await page.locator(selector).fill('', { timeout: ACTION_TIMEOUT_MS });
      await page.locator(selector).pressSequentially(text, { timeout: ACTION_TIMEOUT_MS });
    },
    async click(selector) {
      await page.locator(selector).click({ timeout: ACTION_TIMEOUT_MS });
    },
    screenshot: (selector) => (selector ? page.locator(selector).screenshot() : page.screenshot()),
    setViewport: (width, height) => page.setViewportSize({ width, height }),
    close: () => browser.close(),
  };
}
