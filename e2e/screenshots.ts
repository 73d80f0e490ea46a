/** Screenshots of a screen at a phone's and a desktop's width, kept with the test results. */
import type { Page, TestInfo } from '@playwright/test';

export const SCREEN_WIDTHS = [390, 1280] as const;

export async function keepScreenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const viewport = page.viewportSize();
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`screens/${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  if (viewport) await page.setViewportSize(viewport);
}
