/**
 * Logout (flows 2), whole: the front door's Logout and an app's sign-out through the provider end
 * every front door session this browser holds, not only the one in hand (flows 4.18). That is each
 * session a token of its cookies names, the one the Logout call came with, each one the provider
 * session stood for, and each one begun in this browser (its device cookie), which reaches a sign-in
 * left unfinished whose token only a tab's storage holds (an MFA setup). Their tokens answer 401 on
 * every instance from now on, and the provider asks again.
 */
import type { Services } from '../services';
import { audit } from '../db/audit';
import type { TokenClaims } from './tokens';
import { endBrowserSessions } from '../db/sessions';
import { oidcSignInSessions, queueBackchannelLogouts } from '../db/oidc';
import { withMail } from './mail-intents';
import { sha256Hex } from './sha256';

export interface BrowserSignOut {
  /** The tokens of the browser's session cookies (`token`, `token_{context}`), as it sent them. */
  cookieTokens: readonly string[];
  /** The browser's device cookie (server/api/device-cookie.ts), where the request carried it. */
  device: string | undefined;
  /** The token the front door's Logout call came with. */
  bearer?: TokenClaims;
  /** The provider session an app's sign-out ends. */
  providerSession?: string;
  clientAddress: string;
  via: 'frontdoor' | 'oidc';
}

/** Answers how many sessions ended; each app that signed in with one hears it (server/auth/backchannel-logout.ts). */
export async function signOutBrowser(services: Pick<Services, 'db' | 'tokens' | 'mail'>, browser: BrowserSignOut): Promise<number> {
  const { db, tokens } = services;
  const named = await Promise.all(browser.cookieTokens.map((token) => tokens.sessionNamedBy(token)));
  const sessionIds = [
    ...named,
    browser.bearer?.sid,
    ...(browser.providerSession === undefined ? [] : await oidcSignInSessions(db, browser.providerSession)),
  ].filter((id): id is string => id !== undefined);
  if (browser.bearer) await tokens.revoke(browser.bearer);
  const deviceHash = browser.device === undefined ? undefined : sha256Hex(browser.device);
  const ended = await withMail(services, async (tx) => {
    const sessions = await endBrowserSessions(tx, { sessionIds, deviceHash });
    await queueBackchannelLogouts(
      tx,
      sessions.map((session) => session.id),
    );
    return sessions;
  });
  const people = new Set([...ended.map((session) => session.user_id), ...(browser.bearer ? [browser.bearer.sub] : [])]);
  for (const userId of people) {
    const sessions = ended.filter((session) => session.user_id === userId).length;
    await audit(db, browser.clientAddress, 'logout', { userId, detail: { via: browser.via, sessions } });
  }
  return ended.length;
}
