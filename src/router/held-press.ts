/**
 * A press the page held before the takeover (scripts/prerender/start-scripts.ts), read by the page's
 * start without the API client: the window's form of it, while its first call is under way.
 */
import type { WithPressCall } from '../api/early-answer';

/** The form of a press the page holds with its first call under way, if any. */
export function heldForm(): HTMLFormElement | undefined {
  const page = globalThis as WithPressCall;
  return page.frontdoorCall ? page.frontdoorHeld : undefined;
}

/** The held press is the app's: the page does not send it again once the app takes presses. */
export function takeHeldForm(): void {
  (globalThis as WithPressCall).frontdoorHeld = undefined;
}
