/**
 * The admin command's OpenID Connect clients (server/oidc/clients.ts): `create-client`,
 * `list-clients`, `delete-client`. Each answers one JSON line; bad input is one line and exit 1.
 */
import type { Database } from '../db/database-types';
import { deleteOidcClient, listOidcClients } from '../db/oidc';
import { CLIENT_ID_PATTERN, createClient } from '../oidc/clients';
import { AdminError } from './operations';

/** Loopback hosts an app on the person's own machine listens on (RFC 8252 section 7.3, 8.3). */
const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]', 'localhost'];
/** Where a URI's authority ends: its path, query or the end of the text. */
function authorityEnd(value: string): number {
  const from = value.indexOf('://') + 3;
  const ends = ['/', '?'].map((mark) => value.indexOf(mark, from)).filter((at) => at !== -1);
  return ends.length > 0 ? Math.min(...ends) : value.length;
}

/**
 * A redirect URI as the provider matches it, character for character: an absolute https URL, or
 * http on a loopback host (any host while the development pages are on), without a fragment
 * (RFC 6749 section 3.1.2), credentials or surrounding spaces; kept with its scheme and host in
 * lower case, as every client sends them, and the rest as typed.
 */
function redirectUri(value: string, option: string, devPages: boolean): string {
  if (value !== value.trim()) throw new AdminError(`--${option} must not begin or end with spaces, got ${JSON.stringify(value)}.`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AdminError(`--${option} must be an absolute URL such as https://app.example.com/callback, got ${JSON.stringify(value)}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AdminError(`--${option} must be an http or https URL, got ${JSON.stringify(value)}.`);
  if (!/^https?:\/\//i.test(value)) throw new AdminError(`--${option} must be written as https://host/path, got ${JSON.stringify(value)}.`);
  if (url.protocol === 'http:' && !devPages && !LOOPBACK_HOSTS.includes(url.hostname))
    throw new AdminError(`--${option} must be https; http only on this machine (127.0.0.1, [::1] or localhost), got ${JSON.stringify(value)}.`);
  if (url.hash !== '' || value.includes('#')) throw new AdminError(`--${option} must not hold a fragment (#), got ${JSON.stringify(value)}.`);
  if (url.username !== '' || url.password !== '') throw new AdminError(`--${option} must not hold a user name or password, got ${JSON.stringify(value)}.`);
  const end = authorityEnd(value);
  return `${value.slice(0, end).toLowerCase()}${value.slice(end)}`;
}

function clientId(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new AdminError('--id is required: a letter or digit, then up to 63 letters, digits, ., _ or -.');
  if (!CLIENT_ID_PATTERN.test(value))
    throw new AdminError(`--id must be a letter or digit, then up to 63 letters, digits, ., _ or -; got ${JSON.stringify(value)}.`);
  return value;
}

export interface ClientOptions {
  id?: unknown;
  name?: unknown;
  'redirect-uri'?: unknown;
  'post-logout-redirect-uri'?: unknown;
  'backchannel-logout-uri'?: unknown;
  confidential?: unknown;
  device?: unknown;
}

/**
 * A new client's id and name. `tokenAudience`: the session tokens' `aud`, which no client may be:
 * an ID token's or a service token's `aud` names the client, and all are signed with one key by one issuer.
 */
function newClientIdentity(values: { id?: unknown; name?: unknown }, tokenAudience: string): { id: string; name: string } {
  const id = clientId(values.id);
  if (id === tokenAudience || id.startsWith(`${tokenAudience}/`)) {
    throw new AdminError(`--id must not be "${tokenAudience}", the session tokens' audience (TOKEN_AUDIENCE): an app's ID token would carry it as its aud.`);
  }
  const name = typeof values.name === 'string' && values.name.trim() !== '' ? values.name.trim() : id;
  if (name.length > 200) throw new AdminError(`--name must be at most 200 characters, got ${name.length}.`);
  return { id, name };
}

export async function createClientCommand(
  db: Database,
  values: ClientOptions,
  { tokenAudience, devPages }: { tokenAudience: string; devPages: boolean },
): Promise<string> {
  const { id, name } = newClientIdentity(values, tokenAudience);
  const redirects = (values['redirect-uri'] as string[] | undefined) ?? [];
  const device = values.device === true;
  if (redirects.length === 0 && !device)
    throw new AdminError('--redirect-uri is required: where the provider sends the browser back with the code (give it again for more), unless --device.');
  const { created, secret } = await createClient(db, {
    id,
    name,
    redirectUris: redirects.map((uri) => redirectUri(uri, 'redirect-uri', devPages)),
    postLogoutRedirectUris: ((values['post-logout-redirect-uri'] as string[] | undefined) ?? []).map((uri) =>
      redirectUri(uri, 'post-logout-redirect-uri', devPages),
    ),
    confidential: values.confidential === true,
    device,
    backchannelLogoutUri:
      typeof values['backchannel-logout-uri'] === 'string' ? redirectUri(values['backchannel-logout-uri'], 'backchannel-logout-uri', devPages) : undefined,
  });
  if (!created) throw new AdminError(`A client with id "${id}" exists already: delete it first (delete-client --id ${id}).`);
  return JSON.stringify({ client_id: id, ...(secret === undefined ? {} : { client_secret: secret }) });
}

/** A service's audience: the resource indicator of the API it calls (RFC 8707 section 2), an absolute URI without a fragment. */
function audienceUri(value: unknown): string {
  if (typeof value !== 'string' || value === '')
    throw new AdminError('--audience is required: the URI of the API the service calls, such as https://billing.example.com.');
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || value !== value.trim() || value.includes('#') || /\s/.test(value))
    throw new AdminError(`--audience must be an absolute URI without a fragment, such as https://billing.example.com, got ${JSON.stringify(value)}.`);
  return value;
}

export interface ServiceOptions {
  id?: unknown;
  name?: unknown;
  audience?: unknown;
}

/** `create-service`: a service that signs in as itself (server/oidc/services.ts); its secret is shown once. */
export async function createServiceCommand(db: Database, values: ServiceOptions, { tokenAudience }: { tokenAudience: string }): Promise<string> {
  const { id, name } = newClientIdentity(values, tokenAudience);
  const serviceAudience = audienceUri(values.audience);
  const { created, secret } = await createClient(db, { id, name, redirectUris: [], postLogoutRedirectUris: [], confidential: true, serviceAudience });
  if (!created) throw new AdminError(`A client with id "${id}" exists already: delete it first (delete-client --id ${id}).`);
  return JSON.stringify({ client_id: id, client_secret: secret });
}

export async function listClientsCommand(db: Database): Promise<string> {
  const clients = await listOidcClients(db);
  return clients
    .map((client) =>
      JSON.stringify({
        client_id: client.id,
        name: client.name,
        confidential: client.secret_hash !== null,
        redirect_uris: client.redirect_uris,
        post_logout_redirect_uris: client.post_logout_redirect_uris,
        ...(client.backchannel_logout_uri === null ? {} : { backchannel_logout_uri: client.backchannel_logout_uri }),
        ...(client.service_audience === null ? {} : { service: true, audience: client.service_audience }),
        ...(client.device ? { device: true } : {}),
      }),
    )
    .join('\n');
}

export async function deleteClientCommand(db: Database, values: ClientOptions): Promise<string> {
  const id = clientId(values.id);
  if (!(await deleteOidcClient(db, id))) throw new AdminError(`No client has id "${id}".`);
  return JSON.stringify({ client_id: id, deleted: true });
}
