/**
 * When each field of the sign-in is first shown, by the page's own clock, and where to click it. A
 * script in every document the tab loads, before the page's own, looks for the fields in the
 * animation frame after each change of the document, and reports a field the first time it is
 * visible (rendered, with a size) in a parsed document, with performance.timeOrigin +
 * performance.now() at that frame and the field's centre: the frame that paints the field, before
 * its paint, so the time is at most a frame (17 ms) early, on both sides alike; the page's clock is
 * the machine's wall clock, as Node's Date.now() is. Before a document's first paint there is no
 * frame, so a field parsed early counts from the paint that shows it, not from the parser; and a
 * form still being parsed counts once it is, since its Enter may go nowhere before its button is.
 * It also reports input into a field, so a click that missed its field shows at once rather than
 * as a step that never ends.
 *
 * It asks for a frame only after a change, and for the next ones only while a field is in the
 * document but not yet counted (its stylesheet on the way, or its document still being parsed):
 * a request for every frame of the sign-in makes the browser render each one, which on the slowed
 * CPU took a quarter of the main thread of an idle page, the app's or the floor's, and slowed only
 * the side with work of its own to do (docs/decisions/0018-one-round-trip-a-step.md, "The probe's
 * own frames").
 *
 * The fields are the app's and the bare forms' alike: the e-mail (the editable one; the password
 * step shows it read-only), the password and the 6-digit code.
 */
import type { Log } from './log';

export const FIELDS = {
  email: 'input[name=username]:not([readonly]):not([type=hidden])',
  password: 'input[name=password]',
  code: 'input[name=code]',
} as const;

export type Field = keyof typeof FIELDS;

/** The function of the page the probe reports to, which each engine binds to the benchmark. */
export const REPORT_BINDING = '__benchReport';

/**
 * Installed by each engine in every document the tab loads, before the page's own scripts. Plain
 * JavaScript in a string, as scripts/lighthouse/keypress.ts does it: a function passed from here
 * would carry the helpers tsx adds to named functions, which the page does not have.
 */
export const PROBE = `(() => {
  const fields = ${JSON.stringify(FIELDS)};
  const report = (...args) => typeof window.${REPORT_BINDING} === 'function' && (window.${REPORT_BINDING}(...args), true);
  const shown = new Set();
  let asked = false;
  const look = () => {
    asked = false;
    let pending = false;
    for (const [name, selector] of Object.entries(fields)) {
      if (shown.has(name)) continue;
      const field = document.querySelector(selector);
      if (!field) continue;
      const box = document.readyState !== 'loading' && field.checkVisibility() && field.getBoundingClientRect();
      const at = performance.timeOrigin + performance.now();
      if (box && box.width > 0 && box.height > 0 && report({ field: name, event: 'shown', at, x: box.x + box.width / 2, y: box.y + box.height / 2 })) shown.add(name);
      else pending = true;
    }
    if (pending) ask();
  };
  const ask = () => {
    if (asked || shown.size === Object.keys(fields).length) return;
    asked = true;
    requestAnimationFrame(look);
  };
  new MutationObserver(ask).observe(document, { childList: true, subtree: true, attributes: true });
  ask();
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
