/**
 * What the OpenID Provider and the last step of an app's sign-in agree on, without loading the
 * engine: where it answers, the `acr` values, and how an app's request asks for a second factor,
 * an organisation or a language (flows 4.18).
 */
import { isLanguage, primaryLanguage, type Language } from '../../rules/languages';

/** The methods of a second factor (RFC 8176): a code, a passkey, or an identity provider that answers for it. */
const SECOND_FACTORS: readonly string[] = ['otp', 'hwk', 'swk', 'saml', 'oidc'];

/** Where the engine answers, beside discovery at /.well-known/openid-configuration. */
export const OIDC_PREFIX = '/oidc';

/** `acr` values: a second factor proved (TOTP or a recovery code, a passkey, an identity provider), or the password alone. */
export const ACR_MFA = 'mfa';
export const ACR_PASSWORD = 'pwd';

/** Does `acr_values` (space-separated, in order of preference) ask for a second factor? */
export function asksForMfa(acrValues: unknown): boolean {
  return typeof acrValues === 'string' && acrValues.split(' ').includes(ACR_MFA);
}

/** The organisation an app asks for: `org`, else `domain` (flows 4.7). */
export function askedOrganization(params: Readonly<Record<string, unknown>>): string | undefined {
  const asked = params.org ?? params.domain;
  return typeof asked === 'string' && asked !== '' ? asked : undefined;
}

/** The `acr` of a sign-in with these methods. */
export function acrOf(amr: readonly string[]): string {
  return amr.some((method) => SECOND_FACTORS.includes(method)) ? ACR_MFA : ACR_PASSWORD;
}

/** The first language of an app's `ui_locales` (space-separated, in order of preference) the front door speaks. */
export function spokenLanguage(uiLocales: unknown): Language | undefined {
  return typeof uiLocales === 'string' ? (uiLocales.split(' ').map(primaryLanguage).find(isLanguage) as Language | undefined) : undefined;
}
