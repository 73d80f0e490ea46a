/**
 * The query parameters each step of flows 2 reads, read and checked here once: what its screen may
 * rely on (`useSearch`, src/flow/search.ts). Apart from the route table (src/router/route-table.ts),
 * so a screen's chunk reads its parameters without bringing the table along
 * (docs/decisions/0014-a-page-carries-its-screen.md).
 */
import { PATHS, type AppPath } from './paths';
import { migrationAction } from './migration';
import { isEmail } from '../../rules/email';

/** A page's query, every parameter as a string, the carried ones only when valid (src/flow/carried.ts). */
export type RawSearch = Readonly<Record<string, string | undefined>>;

/** An e-mail the step needs: a valid one, or none. */
const emailIn = (value: string | undefined) => (value !== undefined && isEmail(value) ? value : undefined);

/** A link's token (reset, invitation, "This wasn't me"). */
const tokenIn = ({ token }: RawSearch) => ({ token });

/** The steps that read parameters of their own; every other step reads none. */
const STEP_SEARCH = {
  // `username`: an e-mail sent before the script arrived; `context` or `domain` starts its SAML
  // sign-in (flows 4.2).
  [PATHS.login]: ({ username, context, domain }: RawSearch) => ({ username, context, domain }),
  [PATHS.loginWithPassword]: ({ username }: RawSearch) => ({ username: emailIn(username) }),
  // The session token the identity provider's sign-in came back with (`lcq`), or why the person it
  // vouched for does not come in (`refused`, server/auth/provisioning.ts): its screen reads both as they came.
  [PATHS.loginWithSsoSuccess]: (raw: RawSearch) => raw,
  [PATHS.mfaLogin]: ({ username }: RawSearch) => ({ username: emailIn(username) }),
  // The e-mail that pre-fills the field, `username` first (flows 2).
  [PATHS.register]: ({ username, email }: RawSearch) => ({ email: username || email }),
  [PATHS.registerSuccess]: ({ username }: RawSearch) => ({ username }),
  [PATHS.passwordReset]: ({ username }: RawSearch) => ({ email: username }),
  // The reset link's token (flows 5: read as a token by the screen).
  [PATHS.passwordUpdate]: tokenIn,
  // The invitation link's token.
  [PATHS.signup]: tokenIn,
  [PATHS.migration]: ({ email, action }: RawSearch) => ({ email: emailIn(email), action: migrationAction(action) }),
  // The "This wasn't me" link's token (server/auth/account-alerts.ts).
  [PATHS.secureAccount]: tokenIn,
  // A domain that names one of the user's organisations goes straight to its terms (flows 4.7).
  [PATHS.companySelection]: ({ domain }: RawSearch) => ({ domain }),
} satisfies Partial<Record<AppPath, (raw: RawSearch) => object>>;

/** The query parameters the step at a path reads. */
export type SearchOf<Path extends AppPath> = Path extends keyof typeof STEP_SEARCH ? ReturnType<(typeof STEP_SEARCH)[Path]> : Record<never, never>;

/** The query parameters of the step at a path, read from a page's query. */
export function searchOf<Path extends AppPath>(path: Path, raw: RawSearch): SearchOf<Path> {
  const read = (STEP_SEARCH as Partial<Record<AppPath, (raw: RawSearch) => object>>)[path];
  return (read ? read(raw) : {}) as SearchOf<Path>;
}
