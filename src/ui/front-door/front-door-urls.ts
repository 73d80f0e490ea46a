/**
 * Links from the platform's apps into the front door (flows 2): sign-in with the parameters it
 * carries, a company's entry and terms, sign-out, and the change-password page to embed. Each builder
 * takes the front door's origin and answers an absolute URL, every value encoded; the front door
 * itself decides whether a value is acceptable (a `route` that would leave the app is dropped,
 * flows 4.9).
 */

/** The query parameters /login takes from an app (flows 2, 4.2, 4.9); the front door carries them on. */
export const LOGIN_PARAMETERS = ['app', 'domain', 'route', 'context', 'locale'] as const;
export type LoginParameter = (typeof LOGIN_PARAMETERS)[number];

/**
 * What a sign-in link may say: the app to land in (`portal`, `admin`, `marketplace`, `meta`), the
 * company's `domain` or `context` (its identity provider is used at once when it signs in with SAML),
 * the `route` inside the app to land on (a path such as `/orders/7`), and the interface `locale`
 * (en, de, it, fr, az).
 */
export type LoginParameters = Partial<Record<LoginParameter, string>>;

/** Where a company's entry leads afterwards, and in which language it is shown. */
export type CompanyParameters = Pick<LoginParameters, 'app' | 'route' | 'locale'>;

/** The interface language of a page that takes nothing else. */
export type PageParameters = Pick<LoginParameters, 'locale'>;

const ENTRY_PATHS = {
  login: '/login',
  companySelection: '/company',
  logout: '/logout',
  changePassword: '/change-password',
} as const;

/** The front door's origin with a path and the given parameters, in the order of LOGIN_PARAMETERS. */
function frontDoorUrl(frontDoor: string, path: string, parameters: LoginParameters): string {
  const url = new URL(path, frontDoor);
  for (const name of LOGIN_PARAMETERS) {
    const value = parameters[name];
    if (value) url.searchParams.set(name, value);
  }
  return url.href;
}

/** The company's own path; an empty context or a dot segment, which a URL resolves away, is refused. */
function companyPath(context: string): string {
  if (context === '' || context === '.' || context === '..') throw new RangeError(`"${context}" is not a company's context.`);
  return `${ENTRY_PATHS.companySelection}/${encodeURIComponent(context)}`;
}

/**
 * The sign-in page, with the parameters the front door carries through every step.
 *
 * @example
 * loginUrl('https://auth.example.com', { app: 'portal', domain: 'acme', route: '/orders/7' })
 * // 'https://auth.example.com/login?app=portal&domain=acme&route=%2Forders%2F7'
 */
export function loginUrl(frontDoor: string, parameters: LoginParameters = {}): string {
  return frontDoorUrl(frontDoor, ENTRY_PATHS.login, parameters);
}

/**
 * The choice among the signed-in person's companies; the one chosen is entered as `companyUrl` does.
 *
 * @example
 * companySelectionUrl('https://auth.example.com', { app: 'admin' })
 * // 'https://auth.example.com/company?app=admin'
 */
export function companySelectionUrl(frontDoor: string, parameters: CompanyParameters = {}): string {
  return frontDoorUrl(frontDoor, ENTRY_PATHS.companySelection, parameters);
}

/**
 * A company's entry: its terms when the person has not accepted the current ones, else straight on
 * into the app (flows 4.8, 4.9).
 *
 * @example
 * companyUrl('https://auth.example.com', 'acme', { app: 'portal', route: '/orders/7' })
 * // 'https://auth.example.com/company/acme?app=portal&route=%2Forders%2F7'
 */
export function companyUrl(frontDoor: string, context: string, parameters: CompanyParameters = {}): string {
  return frontDoorUrl(frontDoor, companyPath(context), parameters);
}

/**
 * A company's terms, to read or accept again, then on into the app (flows 4.8).
 *
 * @example
 * termsUrl('https://auth.example.com', 'acme', { app: 'portal' })
 * // 'https://auth.example.com/company/acme/terms?app=portal'
 */
export function termsUrl(frontDoor: string, context: string, parameters: CompanyParameters = {}): string {
  return frontDoorUrl(frontDoor, `${companyPath(context)}/terms`, parameters);
}

/**
 * Signing out: the front door ends the session, clears its cookies and shows the sign-in page.
 *
 * @example
 * logoutUrl('https://auth.example.com') // 'https://auth.example.com/logout'
 */
export function logoutUrl(frontDoor: string, parameters: PageParameters = {}): string {
  return frontDoorUrl(frontDoor, ENTRY_PATHS.logout, parameters);
}

/**
 * The change-password page, for an iframe in an app of the platform (flows 4.10): it posts
 * `{ action: 'password-change', success }` to the app when a change succeeds or fails.
 *
 * @example
 * <iframe title="Change password" src={changePasswordUrl('https://auth.example.com', { locale: 'de' })} />
 */
export function changePasswordUrl(frontDoor: string, parameters: PageParameters = {}): string {
  return frontDoorUrl(frontDoor, ENTRY_PATHS.changePassword, parameters);
}
