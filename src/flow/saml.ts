/**
 * Sending the browser to the organisation's identity provider (flows 4.1, 4.2, 11). The front door
 * is told where to come back to, with the carried parameters, so the app, route and language
 * survive the round trip; the identity provider's answer lands on /login/sso/success.
 */
import { samlLoginUrl } from '../api/sign-in';
import { reportError } from '../api/report';
import { t } from '../i18n/t';
import { showToast } from '../stores/first-view/toast';
import { queryString, withCarried } from './carried';
import type { Flow } from './flow';
import { PATHS } from './paths';
import { isLoopback } from '../../rules/loopback';

/** The part after the at sign, lower-case: what the API matches an organisation by. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Whether the browser may follow an identity provider URL the API answered: https, or plain http
 * on the front door's own origin, or between loopback names while the front door itself runs on
 * plain http there (the development IdP at /dev/idp, reached as auth.frontdoor.localhost from a
 * page on 127.0.0.1). Never javascript:, data: or http elsewhere: the URL goes to location.assign.
 */
export function isFollowableIdentityProvider(url: string, frontDoor: Pick<Location, 'origin' | 'protocol' | 'hostname'>): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol === 'https:') return true;
  if (target.protocol !== 'http:') return false;
  return target.origin === frontDoor.origin || (frontDoor.protocol === 'http:' && isLoopback(frontDoor.hostname) && isLoopback(target.hostname));
}

/**
 * Asks the API for the identity provider URL and leaves for it. `domain` is the organisation's
 * context or the e-mail's domain. Answers false, with the SSO error toast, when there is no URL or
 * one the browser must not follow.
 */
export async function goToIdentityProvider(flow: Flow, screen: string, domain: string, email?: string): Promise<boolean> {
  const returnTo = PATHS.login + queryString(withCarried(flow.search));
  const result = await samlLoginUrl(domain, email, returnTo);
  if (result.kind === 'redirect' && isFollowableIdentityProvider(result.url, location)) {
    flow.leave(result.url);
    return true;
  }
  showToast(t('page.login.error-fetch-sso'), 'error');
  void reportError({
    screen,
    operation: result.kind === 'redirect' ? 'follow-identity-provider' : 'saml-login-url',
    code: 'page.login.error-fetch-sso',
    status: result.kind === 'failed' ? result.status : result.kind === 'redirect' ? undefined : 429,
  });
  return false;
}
