/**
 * The organisation whose SAML sign-in Login starts at once (flows 4.2). Apart from the sign-in
 * itself (src/flow/saml.ts), so the first view of /login reads its parameters without the API client.
 */

/** Domains that name the platform itself, never an organisation: no automatic SAML for them (flows 4.2). */
const EXCLUDED_DOMAINS = ['admin', 'app', 'meta', 'services', 'auth', 'www', 'localhost', 'serviceprovider'];

/** The organisation whose SAML starts at once on Login: the context parameter, else the domain parameter (flows 4.2). */
export function automaticSamlContext(context: string | undefined, domain: string | undefined): string | undefined {
  const candidate = context || domain;
  return candidate && !EXCLUDED_DOMAINS.includes(candidate.toLowerCase()) ? candidate : undefined;
}
