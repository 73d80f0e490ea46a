/**
 * Sending the browser to the organisation's identity provider (spec 4.1, 4.2, 11). The front door
 * is told where to come back to, with the carried parameters, so app, domain and route survive
 * the round trip; the identity provider's answer lands on /login/sso/success.
 */
import { samlLoginUrl } from '../api/sign-in';
import { reportError } from '../api/report';
import { t } from '../i18n/t';
import { showToast } from '../stores/toast';
import { queryString, withCarried } from './carried';
import type { Flow } from './flow';
import { PATHS } from './paths';

/** The part after the at sign, lower-case: what the API matches an organisation by. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Asks the API for the identity provider URL and leaves for it. `domain` is the organisation's
 * context or the e-mail's domain. Answers false, with the SSO error toast, when there is no URL.
 */
export async function goToIdentityProvider(flow: Flow, screen: string, domain: string, email?: string): Promise<boolean> {
  const returnTo = PATHS.login + queryString(withCarried(flow.search));
  const result = await samlLoginUrl(domain, email, returnTo);
  if (result.kind === 'redirect') {
    flow.leave(result.url);
    return true;
  }
  showToast(t('page.login.error-fetch-sso'), 'error');
  reportError({ screen, operation: 'saml-login-url', status: result.kind === 'failed' ? result.status : 429 });
  return false;
}

/** Domains that name the platform itself, never an organisation: no automatic SAML for them (spec 4.2). */
const EXCLUDED_DOMAINS = ['admin', 'app', 'meta', 'services', 'auth', 'www', 'localhost', 'serviceprovider'];

/** The organisation whose SAML starts at once on Login: the route's context, else the domain parameter (spec 4.2). */
export function automaticSamlContext(context: string | undefined, domain: string | undefined): string | undefined {
  const candidate = context || domain;
  return candidate && !EXCLUDED_DOMAINS.includes(candidate.toLowerCase()) ? candidate : undefined;
}
