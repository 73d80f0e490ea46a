/**
 * The call a press on a screen's form makes first, under the API's base with the form's fields in
 * braces: the page sends it with a press before the takeover (src/api/early-answer.ts), so the
 * answer and the script arrive together, and the screen's module takes the held press before its
 * first render (`takeHeldPress`, src/router/start.tsx). Only a GET whose answer the app takes as it
 * is, and one the contract asks no credentials of: the page sends it without cookies (decision 0018).
 */
import type { ScreenName } from './screens';

export const PRESS_CALLS: Partial<Record<ScreenName, string>> = { Login: '/organization/{username}/ssoMode' };
