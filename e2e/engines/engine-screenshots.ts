/**
 * Screenshots of a screen in any engine at a phone's and a desktop's width (e2e/screenshots.ts
 * gives the widths), kept with the test results as `screens/{name}-{width}.png`, to look at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { TestInfo } from '@playwright/test';
import { SCREEN_WIDTHS } from '../screenshots';
import type { EnginePage } from './engine-page';

export async function keepEngineScreenshots(page: EnginePage, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(testInfo.outputPath('screens'), { recursive: true });
  for (const width of SCREEN_WIDTHS) {
    await page.setViewport(width, 900);
    writeFileSync(testInfo.outputPath(`screens/${name}-${width}.png`), await page.screenshot());
  }
  await page.setViewport(1280, 900);
}
