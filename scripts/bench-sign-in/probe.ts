/**
 * When each field of the sign-in is first shown, by the page's own clock, and where to click it. A
 * script in every document the tab loads, before the page's own, looks for the fields in each
 * animation frame and reports a field the first time it is visible (rendered, with a size), with
 * performance.timeOrigin + performance.now() at that frame and the field's centre: the frame that
 * paints the field, before its paint, so the time is at most a frame (17 ms) early, on both sides
 * alike; the page's clock is the machine's wall clock, as Node's Date.now() is. Before a document's
 * first paint there is no frame, so a field parsed early counts from the paint that shows it, not
 * from the parser. It also reports input into a field, so a click that missed its field shows at
 * once rather than as a step that never ends.
 *
 * The fields are the app's and the bare forms' alike: the e-mail (the editable one; the password
 * step shows it read-only), the password and the 6-digit code.
 */
import type { Page } from '@playwright/test';
import { log, type Log } from './log';

export const FIELDS = {
  email: 'input[name=username]:not([readonly]):not([type=hidden])',
  password: 'input[name=password]',
  code: 'input[name=code]',
} as const;

export type Field = keyof typeof FIELDS;

/**
 * Plain JavaScript in a string, as scripts/lighthouse/keypress.ts does it: a function passed from here
 * would carry the helpers tsx adds to named functions, which the page does not have.
 */
const PROBE = `(() => {
  const fields = ${JSON.stringify(FIELDS)};
  const report = (...args) => typeof window.__benchReport === 'function' && (window.__benchReport(...args), true);
  const shown = new Set();
  const look = () => {
    for (const [name, selector] of Object.entries(fields)) {
      if (shown.has(name)) continue;
      const field = document.querySelector(selector);
      if (!field || !field.checkVisibility()) continue;
      const box = field.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const at = performance.timeOrigin + performance.now();
      if (report({ field: name, event: 'shown', at, x: box.x + box.width / 2, y: box.y + box.height / 2 })) shown.add(name);
    }
    if (shown.size < Object.keys(fields).length) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  addEventListener('input', (event) => {
    for (const [name, selector] of Object.entries(fields)) {
      if (event.target instanceof Element && event.target.matches(selector)) report({ field: name, event: 'typed', at: performance.timeOrigin + performance.now(), x: 0, y: 0 });
    }
  }, true);
})();`;

export interface Report {
  field: Field;
  event: 'shown' | 'typed';
  /** Milliseconds since the epoch, by the page's clock. */
  at: number;
  /** The field's centre in the viewport, when shown. */
  x: number;
  y: number;
}

/** Every report of the tab, in order. */
export type Probe = Log<Report>;

/** Installs the probe in every document the page loads from now on. */
export async function probe(page: Page): Promise<Probe> {
  const reports = log<Report>();
  await page.exposeBinding('__benchReport', (_source, report: Report) => reports.push(report));
  await page.addInitScript({ content: PROBE });
  return reports;
}
