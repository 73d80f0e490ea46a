/**
 * `npm run admin -- <command> [options]`: what operators do without a user interface.
 */
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Services } from '../services';
import { LANGUAGES, isLanguage } from '../../rules/languages';
import type { OrganizationRow } from '../db/organizations';
import { AdminError, addMembership, createOrganization, createUser, setDomains, setMfaPolicy, setSaml, setSsoMode, setTerms } from './operations';
import { inviteUser } from './invite';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-organization --context C --name N [--logo URL] [--sso-mode M] [--mfa-policy P]
                      [--default-language L] [--open-registration] [--disabled] [--domain D ...]
  create-user         --email E [--password P] [--language L] [--context C ...]
  invite              --email E --context C [--language L]     (sends the invitation mail)
  set-sso-mode        --context C --mode NOT_SET|LOGIN_SAML|SAML_ONLY
  set-mfa-policy      --context C --policy OPTIONAL|REQUIRED
  set-domains         --context C [--domain D ...]
                      (the e-mail domains whose addresses belong to the organisation: the SSO-mode
                      look-up answers by them; no --domain clears the list)
  set-terms           --context C --version N [--content-<language> "link||link" ...]
  set-saml            --context C --entry-point URL --issuer ID --certificate-file FILE.pem
                      (the organisation's identity provider; set it before an SSO mode that uses SAML)
  help

The database is the server's: DATABASE_URL, or the embedded one in DATA_DIR (stop the server
first: the embedded database serves one process at a time).`;

const SSO_MODES = ['NOT_SET', 'LOGIN_SAML', 'SAML_ONLY'] as const;
const MFA_POLICIES = ['OPTIONAL', 'REQUIRED'] as const;

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new AdminError(`--${name} is required.\n\n${USAGE}`);
  return value;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new AdminError(`--${name} must be one of ${allowed.join(', ')}.`);
  return value as T;
}

function language(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!isLanguage(value)) throw new AdminError('--language must be one of en, de, it, fr, az.');
  return value;
}

const OPTIONS = {
  context: { type: 'string', multiple: true },
  name: { type: 'string' },
  logo: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
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
  domain: { type: 'string', multiple: true },
  ...Object.fromEntries(LANGUAGES.map((code) => [`content-${code}`, { type: 'string' }])),
} satisfies ParseArgsConfig['options'];

function parseOptions(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    throw new AdminError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
}

/** Runs one command; answers the line to print. */
export async function runAdmin(argv: string[], services: Services): Promise<string> {
  const [command, ...rest] = argv;
  const { values } = parseOptions(rest);
  const contexts = (values.context as string[] | undefined) ?? [];
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
      const user = await createUser(db, {
        email: required(one, 'email'),
        ...(typeof values.password === 'string' ? { password: values.password } : {}),
        language: language(values.language) ?? 'en',
      });
      for (const context of contexts) await addMembership(db, user.id, context);
      return `Created user ${user.email}${contexts.length ? ` in ${contexts.join(', ')}` : ''}.`;
    }
    case 'invite': {
      const lang = language(values.language);
      await inviteUser(services, { email: required(one, 'email'), context: required(one, 'context'), ...(lang ? { language: lang } : {}) });
      return `Invited ${String(values.email)} to ${contexts[0]}: the invitation mail is sent.`;
    }
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
          .map(([key, value]) => [language(key.slice('content-'.length))!, value as string]),
      );
      await setTerms(db, required(one, 'context'), version, Object.keys(content).length ? content : undefined);
      return `Terms of ${contexts[0]} are at version ${version}.`;
    }
    case 'set-saml': {
      const entryPoint = required(one, 'entry-point');
      if (!/^https?:\/\//.test(entryPoint)) throw new AdminError('--entry-point must be an http(s) URL.');
      const certificate = readFileSync(required(one, 'certificate-file'), 'utf8');
      if (!certificate.includes('-----BEGIN CERTIFICATE-----')) throw new AdminError('--certificate-file must hold a PEM certificate.');
      await setSaml(db, required(one, 'context'), { entryPoint, issuer: required(one, 'issuer'), certificate });
      return `SAML identity provider of ${contexts[0]} is ${entryPoint}.`;
    }
    case undefined:
    case 'help':
    case '--help':
      return USAGE;
    default:
      throw new AdminError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}
