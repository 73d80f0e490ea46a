/**
 * The delay of the first key press after load ("the router must not start in the middle
 * of it", at most 50 ms): /login in Chromium with its CPU slowed 4x, the e-mail field focused when
 * the load event fires, one key pressed at a given time after load, and its input delay read
 * from the Event Timing API (processingStart - startTime). Each press is on a fresh page, since
 * only the first key press after load is in question; the times after load span the moments the
 * page's scripts arrive and run (scripts/prerender/start-scripts.ts).
 */
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/chromium';

/** Milliseconds after the load event at which the key is pressed. */
export const PRESS_AFTER_LOAD = [0, 50, 100, 200, 300, 600, 1000] as const;

export interface Press {
  /** Asked for: ms after load. */
  after: number;
  /** When the key press reached the page, ms after the load event ended. */
  at: number;
  /** The worst input delay among the key press's events (keydown, keypress, keyup, input). */
  delay: number;
  /** Long tasks (over 50 ms) that ran after load, as [start after load, duration] in ms. */
  longTasks: [number, number][];
  /** When the router's chunk (app.*.js) had arrived, ms after load; none if it was not fetched. */
  routerArrived?: number;
}

interface Observed {
  events: { name: string; startTime: number; processingStart: number }[];
  longTasks: { startTime: number; duration: number }[];
}

/**
 * Runs in the page before its own scripts: keeps every event timing and long task from the start.
 * Plain JavaScript in a string, since a function passed from here would carry the helpers tsx
 * adds to named functions, which the page does not have.
 */
const OBSERVE = `
  const seen = { events: [], longTasks: [] };
  window.__keypress = seen;
  const keep = (list) => {
    for (const entry of list.getEntries()) seen.events.push({ name: entry.name, startTime: entry.startTime, processingStart: entry.processingStart });
  };
  // durationThreshold 0 is raised to the API's floor of 16 ms; 'first-input' reports the first
  // input whatever its duration, so a quick key press is never missed.
  new PerformanceObserver(keep).observe({ type: 'event', buffered: true, durationThreshold: 0 });
  new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // The page focuses its e-mail field itself when the load event fires: a focus sent from outside
  // would wait behind whatever runs at that moment, and the key press would miss that window.
  addEventListener('load', () => document.querySelector('input[name=username]')?.focus(), { once: true });
`;

async function pressOnce(browser: Browser, url: string, after: number): Promise<Press> {
  const context = await browser.newContext({ locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript({ content: OBSERVE });
    await page.goto(url, { waitUntil: 'load' });
    const loaded = Date.now();
    const wait = loaded + after - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
    await page.keyboard.press('a');
    await page.waitForFunction(() => (window as unknown as { __keypress: Observed }).__keypress.events.some((entry) => entry.name === 'keydown'));
    // Let the router settle, so the long tasks around the press are all seen.
    await page.waitForTimeout(1500);
    const seen = await page.evaluate(() => {
      const observed = (window as unknown as { __keypress: Observed }).__keypress;
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const router = performance.getEntriesByType('resource').find((entry) => /\/app\.[0-9a-f]+\.js$/.test(entry.name)) as
        PerformanceResourceTiming | undefined;
      return { ...observed, loadEnd: navigation.loadEventEnd, routerEnd: router?.responseEnd };
    });
    const keyEvents = seen.events.filter((entry) => /^key|^(before)?input$/.test(entry.name));
    const keydown = keyEvents.find((entry) => entry.name === 'keydown')!;
    if (
      !(await page.evaluate(() => document.activeElement?.getAttribute('name') === 'username' && (document.activeElement as HTMLInputElement).value === 'a'))
    ) {
      throw new Error('The key press did not reach the e-mail field.');
    }
    return {
      after,
      at: keydown.startTime - seen.loadEnd,
      delay: Math.max(...keyEvents.map((entry) => entry.processingStart - entry.startTime)),
      longTasks: seen.longTasks.filter((task) => task.startTime + task.duration >= seen.loadEnd).map((task) => [task.startTime - seen.loadEnd, task.duration]),
      routerArrived: seen.routerEnd === undefined ? undefined : seen.routerEnd - seen.loadEnd,
    };
  } finally {
    await context.close();
  }
}

/** One round: a fresh page for each time after load. */
export async function keyPressRound(url: string): Promise<Press[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const presses: Press[] = [];
    for (const after of PRESS_AFTER_LOAD) presses.push(await pressOnce(browser, url, after));
    return presses;
  } finally {
    await browser.close();
  }
}
