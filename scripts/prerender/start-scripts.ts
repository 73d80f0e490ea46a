/**
 * The one inline script of every prerendered page: it adds the page's module script and
 * the modulepreloads of its screen once the prerendered page has painted its content, so the first
 * paint waits for no script, however fast they arrive. The page lists them in a JSON block
 * (`#frontdoor-scripts`), so this script is the same on every page and the CSP allows it by one hash.
 * The prerender step bundles this file on its own (scripts/prerender.ts); it never enters the app.
 *
 * A form sent before the app takes its presses (the browser has checked it already) is held, its
 * button shown busy and the scripts started at once; the app's live event sends it again, the app's
 * way. Sent natively, it would reload the page and lose the press, or, with the app half started,
 * reach an address that drops what was typed. Should the script not load, the form goes natively.
 */
import { LIVE_EVENT } from '../../src/flow/live-event';

interface PageScripts {
  main: string;
  preload: string[];
}

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
    heldButton = event.submitter;
    heldButton?.setAttribute('aria-busy', 'true');
    start();
  },
  true,
);

document.addEventListener(
  LIVE_EVENT,
  () => {
    live = true;
    // The app shows its own progress from here.
    heldButton?.removeAttribute('aria-busy');
    if (held?.isConnected) held.requestSubmit();
  },
  { once: true },
);

function start(): void {
  if (started) return;
  started = true;
  const block = document.getElementById('frontdoor-scripts');
  const scripts = JSON.parse(block?.textContent || '{"main":"","preload":[]}') as PageScripts;
  for (const href of scripts.preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
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
