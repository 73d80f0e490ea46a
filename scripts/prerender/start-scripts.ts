/**
 * The one inline script of every prerendered page: it adds the page's module script and
 * the modulepreloads of its screen once the prerendered page has painted its content, so the first
 * paint waits for no script, however fast they arrive. The page lists them in a JSON block
 * (`#frontdoor-scripts`), so this script is the same on every page and the CSP allows it by one hash.
 * The prerender step bundles this file on its own (scripts/prerender.ts); it never enters the app.
 *
 * What a press on the page's form needs beyond them (the block's `pressed`: the next step's code,
 * texts and styles) is fetched once the person engages with a field, behind the page's own scripts.
 * A form sent before the app takes its presses (the browser has checked it already) is held, its
 * button shown busy and the scripts started at once; the app's live event sends it again, the app's
 * way, once, unless the app has taken it before its first render (src/router/held-press.ts). Sent
 * natively, it would reload the page and lose the press, or, with the app half started, reach an
 * address that drops what was typed. Should the script not load, the form goes natively.
 */
import { LIVE_EVENT } from '../../src/flow/live-event';
import type { WithPressCall } from '../../src/api/early-answer';
import type { ScriptsBlock } from '../../src/router/scripts-block';

// Every prerendered page has the block (scripts/prerender.ts).
const scripts = JSON.parse(document.getElementById('frontdoor-scripts')!.textContent!) as ScriptsBlock;
let started = false;
let live = false;
let held: HTMLFormElement | undefined;
let heldButton: HTMLElement | null | undefined;

function sendNatively(): void {
  live = true;
  if (held) HTMLFormElement.prototype.submit.call(held);
}

document.addEventListener(
  'submit',
  (event) => {
    if (live || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    held = event.target;
    (window as WithPressCall).frontdoorHeld = held;
    heldButton = event.submitter;
    heldButton?.setAttribute('aria-busy', 'true');
    engaged();
    // Last: nothing of the press hangs on it.
    if (scripts.call) callEarly(held);
  },
  true,
);

document.addEventListener(
  LIVE_EVENT,
  () => {
    live = true;
    // The app shows its own progress from here.
    heldButton?.removeAttribute('aria-busy');
    // Unless the app has taken the press before its first render (src/router/start.tsx).
    const form = (window as WithPressCall).frontdoorHeld;
    if (form?.isConnected) form.requestSubmit();
  },
  { once: true },
);

/** `low`: behind the page's own scripts, which the page waits for to take the press over. */
function preload(hrefs: readonly string[], low?: boolean): void {
  for (const href of hrefs) {
    const link = document.createElement('link');
    // The whole stylesheet, fetched, is applied by the app (src/router/whole-stylesheet.ts).
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.href = href;
    if (low) link.fetchPriority = 'low';
    document.head.append(link);
  }
}

/**
 * The first sign of a press to come, a field focused or typed in (or the press itself): what the
 * press needs starts arriving, behind the page's own scripts.
 */
function engaged(): void {
  start();
  preload(scripts.pressed ?? [], true);
  scripts.pressed = [];
}
for (const type of ['focusin', 'input']) document.addEventListener(type, engaged, { capture: true, once: true });

/**
 * The first call of the press (the block's `call`, the form's fields in braces, under the API's
 * base), sent now: the app takes its answer once it has taken over (src/api/early-answer.ts).
 */
function callEarly(form: HTMLFormElement): void {
  // Once, for the first press: the server writes the configuration block into every page.
  const base = (JSON.parse(document.getElementById('frontdoor-config')!.textContent!) as { apiBaseUrl?: string }).apiBaseUrl ?? '/api';
  // The browser has taken the blanks around an e-mail off its field's value.
  const url = base + scripts.call!.replace(/{(\w+)}/g, (_, name: string) => encodeURIComponent((form.elements.namedItem(name) as HTMLInputElement).value));
  scripts.call = '';
  // Without cookies, which the call does not read: the browser then sends it on a connection of its
  // own, not queued behind the page's and the press's files for HTTP/1.1's six (decision 0018,
  // "The press's call on a connection of its own").
  const response = fetch(url, { credentials: 'omit' });
  // Left untaken (the app's rules refuse the e-mail), its failure is no error of the page.
  response.catch(() => undefined);
  (window as WithPressCall).frontdoorCall = { url, response };
}

function start(): void {
  if (started) return;
  started = true;
  preload(scripts.preload);
  const script = document.createElement('script');
  script.type = 'module';
  script.src = scripts.main;
  script.onerror = sendNatively;
  document.head.append(script);
}

// After the first contentful paint, as the browser reports it: a frame can be painted before the
// page's content is (paint holding), so the frame alone is not enough. Where paint timing is
// missing, the task after the next frame; a page opened in the background paints nothing, so a
// timer starts the scripts there.
try {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
} catch {
  requestAnimationFrame(() => setTimeout(start));
}
setTimeout(start, 1000);
