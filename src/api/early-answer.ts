/**
 * A press made before the page's script has taken over sends its step's first call at once, from
 * the page's inline script (scripts/prerender/start-scripts.ts); the app takes that answer instead
 * of sending the call again, so the step waits for one exchange in parallel with the script, not
 * for the script and then the exchange (docs/decisions/0018-one-round-trip-a-step.md).
 */
import type { Answer } from './request';

/** What the inline script leaves on the window: the URL it called, and the response. */
export interface PressCall {
  url: string;
  response: Promise<Response>;
}

/**
 * The window with the call a press sent early, until the app takes it, and the form the page holds
 * to send again the app's way once it takes presses, unless the app has taken the press already.
 */
export type WithPressCall = typeof globalThis & { frontdoorCall?: PressCall; frontdoorHeld?: HTMLFormElement };

/**
 * The answer to the call of `url` the page sent with a press, taken once; undefined when it sent
 * none or another, or did not reach the API (the app then calls itself).
 */
export async function earlyAnswer(url: string): Promise<Answer<string> | undefined> {
  const page = globalThis as WithPressCall;
  const call = page.frontdoorCall;
  if (call?.url !== url) return undefined;
  page.frontdoorCall = undefined;
  try {
    const response = await call.response;
    return { status: response.status, data: await response.text(), headers: response.headers };
  } catch {
    return undefined;
  }
}

/** Whether a press sent its call before the app took over, and the app has not taken its answer yet. */
export const pressUnderWay = (): boolean => (globalThis as WithPressCall).frontdoorCall !== undefined;
