/**
 * What the checker is pointed at: command-line options, each also readable from a CONTRACT_*
 * environment variable (the option wins), so CI can configure it either way.
 */
import { isEmail } from '../../rules/email';
import { withoutTrailingSlashes } from '../../rules/route-pattern';
import { parseArgs } from 'node:util';

export type Account = { kind: 'given'; email: string; password: string } | { kind: 'provisioned'; devMailUrl: string };

export interface ContractOptions {
  /** The API base, without a trailing slash, e.g. http://localhost:8080/api. */
  baseUrl: string;
  account: Account;
  /** An organisation's directory the account belongs to, for the checks of a deactivated account. */
  directory?: { url: string; token: string } | undefined;
  /** An organisation whose identity provider is an OpenID Provider, for the checks of its callback. */
  oidcContext?: string | undefined;
}

export class UsageError extends Error {}

export const USAGE = `Usage: npm run contract -- --base-url URL (--email E-MAIL --password PASSWORD | --dev-mail-url URL)

Checks that the server at --base-url honours openapi/auth.yaml. Each option can also be set
through the environment variable in brackets; the option wins.

  --base-url URL        the API base, e.g. http://localhost:8080/api [CONTRACT_BASE_URL]
  --email E-MAIL        an account with a password and no TOTP yet, an enabled member of an
                        enabled organisation [CONTRACT_EMAIL]. The run enables TOTP on it, so
                        an account serves one run.
  --password PASSWORD   that account's password [CONTRACT_PASSWORD]
  --dev-mail-url URL    instead of an account: the reference server's development outbox,
                        e.g. http://localhost:8080/dev/mail.json [CONTRACT_DEV_MAIL_URL]. The
                        run registers a new account and follows the sign-up link mailed to it.
  --scim-url URL        optional, with --scim-token: the SCIM base of an organisation the account
                        belongs to, e.g. http://localhost:8080/scim/v2 [CONTRACT_SCIM_URL]; the run
                        deactivates the account there, checks its refusal and takes it back
  --scim-token TOKEN    that organisation's SCIM token [CONTRACT_SCIM_TOKEN]
  --oidc-context C      optional: an organisation whose identity provider is an OpenID Provider
                        [CONTRACT_OIDC_CONTEXT]; the run checks that a callback it never started
                        is refused
  --help                this text`;

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${name} must be an absolute URL such as http://localhost:8080/api, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${name} must be an http or https URL, got "${value}".`);
  return withoutTrailingSlashes(value);
}

/** The options, or undefined when help was asked for. Throws UsageError for anything unusable. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): ContractOptions | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'dev-mail-url': { type: 'string' },
        'scim-url': { type: 'string' },
        'scim-token': { type: 'string' },
        'oidc-context': { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return undefined;

  const baseUrl = values['base-url'] ?? env.CONTRACT_BASE_URL;
  const email = values.email ?? env.CONTRACT_EMAIL;
  const password = values.password ?? env.CONTRACT_PASSWORD;
  const devMailUrl = values['dev-mail-url'] ?? env.CONTRACT_DEV_MAIL_URL;

  const scimUrl = values['scim-url'] ?? env.CONTRACT_SCIM_URL;
  const scimToken = values['scim-token'] ?? env.CONTRACT_SCIM_TOKEN;

  if (!baseUrl) throw new UsageError('--base-url is required.');
  const apiBase = httpUrl('--base-url', baseUrl);
  if (Boolean(email) !== Boolean(password)) throw new UsageError('--email and --password go together: give both or neither.');
  if (Boolean(scimUrl) !== Boolean(scimToken)) throw new UsageError('--scim-url and --scim-token go together: give both or neither.');
  const oidcContext = values['oidc-context'] ?? env.CONTRACT_OIDC_CONTEXT;
  const optional = {
    ...(scimUrl && scimToken ? { directory: { url: httpUrl('--scim-url', scimUrl), token: scimToken } } : {}),
    ...(oidcContext ? { oidcContext } : {}),
  };
  if (email && password) {
    if (!isEmail(email)) throw new UsageError(`--email must be an e-mail address, got "${email}".`);
    return { baseUrl: apiBase, account: { kind: 'given', email, password }, ...optional };
  }
  if (devMailUrl) return { baseUrl: apiBase, account: { kind: 'provisioned', devMailUrl: httpUrl('--dev-mail-url', devMailUrl) }, ...optional };
  throw new UsageError('An account is required: give --email and --password, or --dev-mail-url to register one.');
}
