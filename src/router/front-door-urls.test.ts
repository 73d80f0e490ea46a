import { describe, expect, it } from 'vitest';
import { LOGIN_PARAMETERS, changePasswordUrl, companySelectionUrl, companyUrl, loginUrl, logoutUrl, termsUrl, type LoginParameter } from '@frontdoor/ui';
import { CARRIED_KEYS, type CarriedKey } from '../flow/carried';
import { ALIASES, matchRoute } from './route-table';
import { matchPath } from '../../rules/route-pattern';

/**
 * The toolkit stands on its own (it may not import the app), so its links into the front door name
 * the paths and parameters again; these tests hold the two together.
 */
const FRONT_DOOR = 'https://auth.example.com';

/** The screen a link shows, following an alias (flows 2) first, with the path's parameters. */
function screenOf(href: string): { screen: string | undefined; params: Record<string, string> | undefined } {
  const { pathname } = new URL(href);
  const alias = ALIASES.map((candidate) => ({ to: candidate.to, params: matchPath(candidate.path, pathname) })).find((candidate) => candidate.params);
  const match = alias ? matchRoute(alias.to.replace('$context', encodeURIComponent(alias.params?.context ?? ''))) : matchRoute(pathname);
  return { screen: match?.row.screen, params: match?.params };
}

describe("the toolkit's links into the front door", () => {
  it('let an app give the sign-in every parameter the front door carries, and no other', () => {
    // Checked by the compiler: every carried parameter is one the toolkit's sign-in link takes, but
    // `oidc`, which only the OpenID Provider names (flows 4.18).
    const carried: readonly LoginParameter[] = CARRIED_KEYS.filter((key): key is Exclude<CarriedKey, 'oidc'> => key !== 'oidc');
    expect(new Set(LOGIN_PARAMETERS)).toEqual(new Set(carried));
  });

  it('each lead to the screen they name', () => {
    expect(screenOf(loginUrl(FRONT_DOOR, { app: 'portal' }))).toEqual({ screen: 'Login', params: {} });
    expect(screenOf(companySelectionUrl(FRONT_DOOR))).toEqual({ screen: 'CompanySelection', params: {} });
    expect(screenOf(companyUrl(FRONT_DOOR, 'acme'))).toEqual({ screen: 'TermsAndConditions', params: { context: 'acme' } });
    expect(screenOf(termsUrl(FRONT_DOOR, 'acme'))).toEqual({ screen: 'TermsAndConditions', params: { context: 'acme' } });
    expect(screenOf(logoutUrl(FRONT_DOOR))).toEqual({ screen: 'Logout', params: {} });
    expect(screenOf(changePasswordUrl(FRONT_DOOR))).toEqual({ screen: 'PasswordChange', params: {} });
  });
});
