/**
 * `npm run admin -- set-oidc`: an organisation's identity provider as an OpenID Provider
 * (docs/federation.md). The issuer is checked by reading its discovery document before anything is
 * stored, so a typo fails here and not at a person's sign-in; the client secret comes from standard
 * input only and is stored sealed (server/auth/sealed-text.ts). Prints the redirect URI to register
 * at the provider.
 */
import { text } from 'node:stream/consumers';
import type { Services } from '../services';
import { updateOidc } from '../db/organizations';
import { clientSecretBinding, isAllowedIssuer, providerConfiguration, redirectUri } from '../oidc-rp/relying-party';
import { AdminError, existingOrganization } from './operations';

export interface OidcSettings {
  context: string;
  issuer: string;
  clientId: string;
  /** Where the secret is read from: the command's standard input. */
  stdin: NodeJS.ReadableStream;
}

export async function setOidcCommand(services: Services, settings: OidcSettings): Promise<string> {
  const { config, db } = services;
  const organization = await existingOrganization(db, settings.context);
  if (!isAllowedIssuer(settings.issuer, config.devPages)) {
    throw new AdminError('--issuer must be an https URL without query or fragment (http only on a loopback name while the development pages are on).');
  }
  const secret = (await text(settings.stdin)).replace(/\r?\n$/, '');
  if (secret === '') throw new AdminError('--client-secret-stdin was given, but standard input held no secret.');
  try {
    await providerConfiguration({ oidc_issuer: settings.issuer, oidc_client_id: settings.clientId }, secret, config.devPages);
  } catch (error) {
    throw new AdminError(
      `The issuer's discovery document could not be read at ${settings.issuer}/.well-known/openid-configuration: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  await updateOidc(db, organization.context, {
    issuer: settings.issuer,
    clientId: settings.clientId,
    sealedSecret: services.identityProviderSealing.seal(clientSecretBinding(organization.id), secret),
  });
  return `OpenID Provider of ${organization.context} is ${settings.issuer}. Register this redirect URI there: ${redirectUri(config, organization.context)}`;
}
