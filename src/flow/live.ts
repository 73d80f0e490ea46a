import { useEffect, useState } from 'react';
import { LIVE_EVENT } from './live-event';

/**
 * False while a screen is prerendered and on its first render in the browser, true once its script
 * runs. A form uses it to work the browser's way before any script (native validation, a real
 * submit) and the app's way after (flows 5: Continue disabled until valid).
 */
export function useLive(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live;
}

/**
 * Tells the page that the screen now takes its own presses, once its effects have attached them
 * (a form library attaches its submit listener in an effect). A form sent before then is held by
 * the page's inline script and sent again now, so an early press is never lost.
 */
export function useAnnounceLive(): void {
  useEffect(() => {
    // After this task: state set by the screen's own first effects has rendered by then.
    const timer = setTimeout(() => document.dispatchEvent(new Event(LIVE_EVENT)));
    return () => clearTimeout(timer);
  }, []);
}
