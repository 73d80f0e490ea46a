/**
 * `npm run admin -- <command> [options]`: what operators do without a user interface.
 */
import { readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Services } from '../services';
import { LANGUAGES, isLanguage, type Language } from '../../rules/languages';
import { isContext } from '../../rules/context';
import { isEmail } from '../../rules/email';
import { isFreeText } from '../../rules/free-text';
import { findOrganization, type OrganizationRow } from '../db/organizations';
import {
  AdminError,
  addMembership,
  createOrganization,
  createUser,
  existingOrganization,
  setDomains,
  setMfaPolicy,
  setProvisioning,
  setSaml,
  setSsoMode,
  setTerms,
} from './operations';
import { listMembersCommand, memberCommand, userCommand } from './people';
import { setOidcCommand } from './identity-providers';
import { createScimToken } from '../auth/directory';
import { inviteUser } from './invite';
import { createClientCommand, createServiceCommand, deleteClientCommand, listClientsCommand } from './clients';
import { findUserByEmail } from '../db/users';
import { passwordProblems } from '../auth/passwords';
import { isGuessable } from '../auth/known-passwords';
import { resetSecondFactor } from '../auth/second-factor-reset';
import { DEV_IDP_ENTRY_POINT, isAllowedEntryPoint } from '../saml/service-provider';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-organization --context C --name N [--logo URL] [--sso-mode M] [--mfa-policy P]
                      [--default-language L] [--open-registration] [--disabled] [--domain D ...]
  create-user         --email E [--password-stdin] [--language L] [--context C ...]
                      (the password, if any, from standard input with --password-stdin, else from
                      FRONTDOOR_PASSWORD; never on the command line, where ps and shell history see it;
                      it meets the rules of any new password)
  invite              --email E --context C [--language L]     (sends the invitation mail)
  reset-second-factor --email E
                      (removes the person's TOTP, recovery codes and passkeys, ends every session
                      of theirs and tells them by mail; for a lost phone without recovery codes)
  disable-user        --email E   (signs in nowhere from now on; every session of theirs ends)
  enable-user         --email E   (may sign in again)
  remove-member       --email E --context C
                      (ends the membership: the person's sessions end; one whose organisations
                      all ended their memberships signs in nowhere)
  list-members        --context C   (one JSON line per member: email, active, ended, disabled, since)
  create-scim-token   --context C
                      (a token for the organisation's directory at {PUBLIC_URL}/scim/v2; prints one
                      JSON line {"token": "..."}: shown once, kept hashed; it sees that organisation only)
  set-provisioning    --context C --mode INVITED|JUST_IN_TIME
                      (INVITED: only members the organisation added sign in through its identity
                      provider; JUST_IN_TIME: the first such sign-in of an address in its domains
                      creates the account and the membership)
  set-sso-mode        --context C --mode NOT_SET|LOGIN_SAML|SAML_ONLY
  set-mfa-policy      --context C --policy OPTIONAL|REQUIRED
  set-domains         --context C [--domain D ...]
                      (the e-mail domains whose addresses belong to the organisation: the SSO-mode
                      look-up answers by them; no --domain clears the list)
  set-terms           --context C --version N [--content-<language> "link||link" ...]
  create-client       --id ID --redirect-uri URI [--redirect-uri URI ...]
                      [--post-logout-redirect-uri URI ...] [--backchannel-logout-uri URI]
                      [--confidential] [--device] [--name NAME]
                      (an app that signs in through OpenID Connect; prints one JSON line with
                      client_id, and client_secret for a confidential client: shown once, kept hashed;
                      each URI https, http only on 127.0.0.1, [::1] or localhost, or on any host
                      while the development pages are on; --device: a TV, console or command line
                      that signs in with the device grant, no --redirect-uri needed)
  create-service      --id ID --audience URI [--name NAME]
                      (a service that signs in as itself with client credentials, for the API at
                      URI; prints one JSON line with client_id and client_secret: shown once, kept hashed)
  list-clients        (one JSON line per client)
  delete-client       --id ID
  set-saml            --context C --entry-point URL --issuer ID --certificate-file FILE.pem
                      (the organisation's identity provider; set it before an SSO mode that uses SAML;
                      the entry point is https, http only while the development pages are on)
  set-oidc            --context C --issuer URL --client-id ID --client-secret-stdin
                      (the organisation's identity provider as an OpenID Provider, instead of SAML; the
                      issuer is https, http only on a loopback name while the development pages are on;
                      its discovery document is read first; the secret only from standard input, kept
                      sealed; prints the redirect URI to register there)
  help

The database is the server's: DATABASE_URL, or the embedded one in DATA_DIR (stop the server
first: the embedded database serves one process at a time, and the command stops with an error
while the server runs on it).`;

/** Every refusal is one line: a script that runs the command reads it, and `help` has the rest. */
const SEE_HELP = 'See npm run admin -- help.';

const SSO_MODES = ['NOT_SET', 'LOGIN_SAML', 'SAML_ONLY'] as const;
const MFA_POLICIES = ['OPTIONAL', 'REQUIRED'] as const;
const PROVISIONING_MODES = ['INVITED', 'JUST_IN_TIME'] as const;

/** Where the command reads what is not on its command line. */
export interface AdminInput {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream;
}

const PASSWORD_VARIABLE = 'FRONTDOOR_PASSWORD';

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new AdminError(`--${name} is required. ${SEE_HELP}`);
  return value;
}

/** Every --context given, each in the contract's context pattern. */
function contextsOf(values: Record<string, unknown>): string[] {
  const contexts = (values.context as string[] | undefined) ?? [];
  const invalid = contexts.filter((context) => !isContext(context));
  if (invalid.length > 0) {
    throw new AdminError(
      `--context must be a letter or digit, then up to 62 letters, digits, _ or -; got ${invalid.map((context) => JSON.stringify(context)).join(', ')}.`,
    );
  }
  return contexts;
}

function email(values: Record<string, unknown>): string {
  const value = required(values, 'email');
  if (!isEmail(value)) throw new AdminError(`--email must be one e-mail address, got ${JSON.stringify(value)}.`);
  return value;
}

/**
 * The identity provider's entry point: https, since the SAML request travels through it; http only
 * for the development identity provider on this machine (isAllowedEntryPoint), which exists only while
 * the development pages are on (server/config.ts).
 */
function entryPoint(value: string, devPages: boolean): string {
  if (isAllowedEntryPoint(value) && (devPages || new URL(value).protocol === 'https:')) return value;
  throw new AdminError(
    `--entry-point must be an https URL (http only for the development identity provider at ${DEV_IDP_ENTRY_POINT} on this machine, while the development pages are on).`,
  );
}

/** A password from standard input (--password-stdin; one trailing line break dropped) or FRONTDOOR_PASSWORD. */
async function password(values: Record<string, unknown>, input: AdminInput): Promise<string | undefined> {
  if (values['password-stdin'] === true) {
    const read = (await text(input.stdin)).replace(/\r?\n$/, '');
    if (read === '') throw new AdminError('--password-stdin was given, but standard input held no password.');
    return read;
  }
  return input.env[PASSWORD_VARIABLE] || undefined;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new AdminError(`--${name} must be one of ${allowed.join(', ')}.`);
  return value as T;
}

function language(value: unknown): Language | undefined {
  return value === undefined ? undefined : languageNamed(value);
}

/** A language an option names; any other value is refused. */
function languageNamed(value: unknown): Language {
  if (!isLanguage(value)) throw new AdminError('--language must be one of en, de, it, fr, az.');
  return value;
}

const OPTIONS = {
  context: { type: 'string', multiple: true },
  name: { type: 'string' },
  logo: { type: 'string' },
  email: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  language: { type: 'string' },
  mode: { type: 'string' },
  policy: { type: 'string' },
  version: { type: 'string' },
  'sso-mode': { type: 'string' },
  'mfa-policy': { type: 'string' },
  'default-language': { type: 'string' },
  'open-registration': { type: 'boolean' },
  disabled: { type: 'boolean' },
  'entry-point': { type: 'string' },
  issuer: { type: 'string' },
  'certificate-file': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret-stdin': { type: 'boolean' },
  domain: { type: 'string', multiple: true },
  id: { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  'post-logout-redirect-uri': { type: 'string', multiple: true },
  'backchannel-logout-uri': { type: 'string' },
  audience: { type: 'string' },
  device: { type: 'boolean' },
  confidential: { type: 'boolean' },
  ...Object.fromEntries(LANGUAGES.map((code) => [`content-${code}`, { type: 'string' }])),
} satisfies ParseArgsConfig['options'];

function parseOptions(args: string[]) {
  if (args.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    throw new AdminError(
      `--password is not taken: a password on the command line is seen by ps and kept in shell history. Use --password-stdin or ${PASSWORD_VARIABLE}.`,
    );
  }
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    throw new AdminError(`${error instanceof Error ? error.message : String(error)} ${SEE_HELP}`);
  }
  const values = Object.entries(parsed.values).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => [name, one] as const));
  const controlled = values.find(([, value]) => typeof value === 'string' && !isFreeText(value));
  if (controlled) throw new AdminError(`--${controlled[0]} holds a control character or a line break, which no value here may hold.`);
  return parsed;
}

/** Runs one command; answers the line to print. */
export async function runAdmin(argv: string[], services: Services, input: AdminInput = { env: process.env, stdin: process.stdin }): Promise<string> {
  const [command, ...rest] = argv;
  const { values } = parseOptions(rest);
  const contexts = contextsOf(values);
  const one = { ...values, context: contexts[0] };
  const { db } = services;

  switch (command) {
    case 'create-organization': {
      const organization = await createOrganization(db, {
        context: required(one, 'context'),
        name: required(one, 'name'),
        ...(typeof values.logo === 'string' ? { logo: values.logo } : {}),
        ssoMode: oneOf((values['sso-mode'] as string | undefined) ?? 'NOT_SET', SSO_MODES, 'sso-mode') as OrganizationRow['sso_mode'],
        mfaPolicy: oneOf((values['mfa-policy'] as string | undefined) ?? 'OPTIONAL', MFA_POLICIES, 'mfa-policy'),
        defaultLanguage: language(values['default-language']) ?? 'en',
        openRegistration: values['open-registration'] === true,
        enabled: values.disabled !== true,
        domains: (values.domain as string[] | undefined) ?? [],
      });
      return `Created organisation ${organization.context} (${organization.name}).`;
    }
    case 'create-user': {
      const secret = await password(values, input);
      // The rules of any new password (flows 5), as the API's: a user the operator creates is no exception.
      const problems = secret ? passwordProblems(secret) : [];
      if (problems.length > 0) throw new AdminError(`The password needs ${problems.join(', ')}, as any new password does.`);
      const user = await createUser(db, {
        email: email(one),
        ...(secret ? { password: secret } : {}),
        language: language(values.language) ?? 'en',
      });
      for (const context of contexts) await addMembership(db, user.id, context);
      const created = `Created user ${user.email}${contexts.length ? ` in ${contexts.join(', ')}` : ''}.`;
      // Not refused: a sign-in with it goes on, and says so (flows 4.17); the operator hears it first.
      const organisations = (await Promise.all(contexts.map((context) => findOrganization(db, context)))).filter((row) => row !== undefined);
      return secret && (await isGuessable(secret, { email: user.email, organisations }))
        ? `${created} Its password is one attackers try first: each sign-in with it asks the user to change it.`
        : created;
    }
    case 'invite': {
      const lang = language(values.language);
      await inviteUser(services, { email: email(one), context: required(one, 'context'), ...(lang ? { language: lang } : {}) });
      return `Invited ${String(values.email)} to ${contexts[0]}: the invitation mail is sent.`;
    }
    case 'reset-second-factor': {
      const address = email(one);
      const user = await findUserByEmail(db, address);
      if (!user) throw new AdminError(`No user has e-mail "${address}".`);
      await resetSecondFactor(services, user.id);
      return `Reset the second factor of ${user.email}: TOTP, recovery codes and passkeys removed, every session ended; the owner is told by mail.`;
    }
    case 'disable-user':
    case 'enable-user':
      return userCommand(services, command, email(one));
    case 'remove-member':
      return memberCommand(services, email(one), required(one, 'context'));
    case 'list-members':
      return listMembersCommand(db, required(one, 'context'));
    case 'create-scim-token': {
      const organization = await existingOrganization(db, required(one, 'context'));
      return JSON.stringify({ token: await createScimToken(db, organization.id) });
    }
    case 'set-provisioning':
      await setProvisioning(db, required(one, 'context'), oneOf(required(one, 'mode'), PROVISIONING_MODES, 'mode'));
      return `Provisioning of ${contexts[0]} is ${String(values.mode)}.`;
    case 'set-sso-mode':
      await setSsoMode(db, required(one, 'context'), oneOf(required(one, 'mode'), SSO_MODES, 'mode'));
      return `SSO mode of ${contexts[0]} is ${String(values.mode)}.`;
    case 'set-mfa-policy':
      await setMfaPolicy(db, required(one, 'context'), oneOf(required(one, 'policy'), MFA_POLICIES, 'policy'));
      return `MFA policy of ${contexts[0]} is ${String(values.policy)}.`;
    case 'set-domains': {
      const domains = (values.domain as string[] | undefined) ?? [];
      await setDomains(db, required(one, 'context'), domains);
      return domains.length ? `Addresses at ${domains.join(', ')} belong to ${contexts[0]}.` : `${contexts[0]} claims no e-mail domain.`;
    }
    case 'set-terms': {
      const version = Number(required(one, 'version'));
      if (!Number.isInteger(version) || version < 0) throw new AdminError('--version must be a whole number, 0 or more.');
      const content = Object.fromEntries(
        Object.entries(values)
          .filter(([key, value]) => key.startsWith('content-') && typeof value === 'string')
          .map(([key, value]) => [languageNamed(key.slice('content-'.length)), value as string]),
      );
      await setTerms(db, required(one, 'context'), version, Object.keys(content).length ? content : undefined);
      return `Terms of ${contexts[0]} are at version ${version}.`;
    }
    case 'set-saml': {
      const idp = entryPoint(required(one, 'entry-point'), services.config.devPages);
      const certificate = readFileSync(required(one, 'certificate-file'), 'utf8');
      if (!certificate.includes('-----BEGIN CERTIFICATE-----')) throw new AdminError('--certificate-file must hold a PEM certificate.');
      await setSaml(db, required(one, 'context'), { entryPoint: idp, issuer: required(one, 'issuer'), certificate });
      return `SAML identity provider of ${contexts[0]} is ${idp}.`;
    }
    case 'set-oidc':
      if (values['client-secret-stdin'] !== true)
        throw new AdminError(`--client-secret-stdin is required: the secret is read from standard input only. ${SEE_HELP}`);
      return setOidcCommand(services, {
        context: required(one, 'context'),
        issuer: required(one, 'issuer'),
        clientId: required(one, 'client-id'),
        stdin: input.stdin,
      });
    case 'create-client':
      return createClientCommand(db, values, services.config);
    case 'create-service':
      return createServiceCommand(db, values, services.config);
    case 'list-clients':
      return listClientsCommand(db);
    case 'delete-client':
      return deleteClientCommand(db, values);
    case undefined:
    case 'help':
    case '--help':
      return USAGE;
    default:
      throw new AdminError(`Unknown command "${command}". ${SEE_HELP}`);
  }
}
