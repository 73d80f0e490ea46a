/**
 * A development OpenID Provider, for the demo's `initech` and the tests of an organisation that
 * signs in through OpenID Connect (docs/federation.md): it stands in for Entra ID, Okta or Google
 * Workspace. The e-mail typed on its sign-in page is enough, no password is asked, since proving who
 * someone is remains the real provider's job; the address it vouches for is verified, but for
 * those whose local part starts with `unverified`. Registered
 * only with the development pages, at DEV_OIDC_IDP_PATH on the front door's own origin, on
 * oidc-provider (the engine the front door's own provider runs on). Its sign-in page is the
 * development SAML identity provider's, in the browser's language (server/dev/identity-provider-pages.ts).
 *
 * Its one app is the front door (`frontdoor`), with a secret derived from the TOTP key, so an
 * organisation set up with it keeps working across restarts; the app may come back to any
 * organisation's callback of this front door (oidc-provider's recipe for wildcard redirect URIs).
 */
import { generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { errors, type Configuration } from 'oidc-provider';
import type { ServerConfig } from '../config';
import { derivedKey } from '../auth/sealed-text';
import { HttpError } from '../api/errors';
import { acceptFormBodies, requireFormBody } from '../saml/form-body';
import { pageLanguage } from '../web/language';
import { allowFormTargets } from '../web/security-headers';
import { EMAIL_MAX_LENGTH } from '../../rules/email';
import { EMAIL_FIELD, signInPage } from './identity-provider-pages';
import { DEV_OIDC_CLIENT_ID, DEV_OIDC_IDP_PATH, devOidcClientSecret, devOidcIssuer } from './oidc-identity-provider-settings';

/** Where a sign-in waits for the address typed: its page, and the page's form posts below it. */
const interactionPath = (uid: string) => `${DEV_OIDC_IDP_PATH}/interaction/${uid}`;

export function createDevOidcProvider(config: Pick<ServerConfig, 'publicUrl' | 'apiBasePath'>, totpKey: Buffer): Provider {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const callbacks = `${config.publicUrl}${config.apiBasePath}/oidc-idp/`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_OIDC_CLIENT_ID,
        client_secret: devOidcClientSecret(totpKey),
        redirect_uris: [`${callbacks}initech/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'dev-oidc-idp', use: 'sig', alg: 'ES256' } as never] },
    // The account is the address typed on the sign-in page; one whose local part starts with
    // `unverified` comes without a verified address, to try the front door's refusal of it.
    findAccount: (_context, sub) => ({ accountId: sub, claims: () => ({ sub, email: sub, email_verified: !sub.startsWith('unverified') }) }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The e-mail in the ID token itself: the front door reads no userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => interactionPath(interaction.uid) },
    // No consent page: the front door is the only app, and development's.
    loadExistingGrant: async (context) => {
      const { session, client } = context.oidc;
      if (!session?.accountId || !client) return undefined;
      const grant = new context.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
    cookies: {
      keys: [derivedKey(totpKey, 'development oidc cookies').toString('base64url')],
      names: { session: 'dev_oidc_idp_session', interaction: 'dev_oidc_idp_interaction', resume: 'dev_oidc_idp_resume' },
      long: { httpOnly: true, sameSite: 'lax', path: DEV_OIDC_IDP_PATH },
      short: { httpOnly: true, sameSite: 'lax', path: DEV_OIDC_IDP_PATH },
    },
    ttl: { AuthorizationCode: 60, IdToken: 300, AccessToken: 300, Interaction: 600, Session: 3600, Grant: 3600 },
  };
  const provider = new Provider(devOidcIssuer(config), configuration);
  // Any organisation's callback on this front door (oidc-provider's recipe, redirect_uri wildcards).
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(uri: string) {
    return uri.startsWith(callbacks) && /^[^/]+\/callback$/.test(uri.slice(callbacks.length));
  };
  return provider;
}

/**
 * The sign-in page of a waiting sign-in, the address passed on as login_hint filled in, and its
 * form: the address typed is the account, and the engine goes on with the sign-in (oidc-provider's
 * interactions). A page whose sign-in this browser no longer holds (expired, or another browser's)
 * answers 400.
 */
export async function devOidcSignInRoutes(app: FastifyInstance, { provider }: { provider: Provider }): Promise<void> {
  acceptFormBodies(app);
  const waiting = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid) return interaction;
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
    }
    throw new HttpError(400, 'validation_failed', 'This browser holds no sign-in waiting here.');
  };

  app.get<{ Params: { uid: string } }>(interactionPath(':uid'), async (request, reply) => {
    const { params } = await waiting(request, reply);
    const hint = typeof params.login_hint === 'string' && params.login_hint.length <= EMAIL_MAX_LENGTH ? params.login_hint : '';
    // The form's answer goes on to the app's callback, which the engine has checked (redirectUriAllowed).
    allowFormTargets(reply, [new URL(String(params.redirect_uri)).origin]);
    const html = signInPage(pageLanguage(undefined, request.headers['accept-language']), {
      action: `${interactionPath(request.params.uid)}/login`,
      email: hint,
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  app.post<{ Params: { uid: string }; Body: { email: string } }>(
    `${interactionPath(':uid')}/login`,
    {
      onRequest: requireFormBody,
      schema: {
        body: {
          type: 'object',
          required: ['email'],
          properties: { email: EMAIL_FIELD },
        },
      },
    },
    async (request, reply) => {
      await waiting(request, reply);
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: request.body.email } }, { mergeWithLastSubmission: false });
    },
  );
}

/** The provider's endpoints under DEV_OIDC_IDP_PATH, handed to the engine as they came. */
export async function devOidcProviderRoutes(app: FastifyInstance, { provider }: { provider: Provider }): Promise<void> {
  const engine = provider.callback();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const handOver = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    // The engine routes below the issuer's path: it gets the rest, and finds where it is mounted in
    // `originalUrl`, as oidc-provider's own recipe for mounting under a path does.
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? DEV_OIDC_IDP_PATH;
    raw.originalUrl = url;
    raw.url = url.slice(DEV_OIDC_IDP_PATH.length) || '/';
    engine(raw, reply.raw);
  };
  app.all(DEV_OIDC_IDP_PATH, handOver);
  app.all(`${DEV_OIDC_IDP_PATH}/*`, handOver);
}
