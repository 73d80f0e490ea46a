/**
 * The front door as an OpenID Provider (docs/decisions/0019-openid-provider.md): panva's certified
 * oidc-provider, configured for the code flow with PKCE S256 and exact redirect URIs, its issuer
 * PUBLIC_URL and its key the one the tokens are signed with. Its login is the front door's own
 * sign-in: an interaction goes to /login, and the app's last step finishes it
 * (server/api/routes/oidc.ts) instead of entering a platform app. Each of its sessions stands for a
 * front door session (`oidc_sign_ins`, server/db/oidc.ts): when that ends, so does the provider's. Loaded
 * only by the server (server/app.ts), never by the admin command.
 */
import { createHash } from 'node:crypto';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC, type UnknownObject } from 'oidc-provider';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import type { Queryable } from '../db/database-types';
import { findUserById } from '../db/users';
import { databaseAdapter } from './adapter';
import { secretMatches } from './clients';
import { findOidcGrantOrg, findOidcSignIn, recordAppSignIn, setOidcGrantOrg, tokenSession, upsertOidcSignIn } from '../db/oidc';
import { isMember } from '../db/memberships';
import { ACR_MFA, ACR_PASSWORD, OIDC_PREFIX, askedOrganization, asksForMfa } from '../auth/oidc-claims';
import { asksForFreshSignIn, interactionLoginUrl } from './interaction-url';
import { auditRefreshTokenReuse, refreshTokenHolds, standsOnRefreshToken, type IssuedToken as RefreshTokenRead } from './refresh-tokens';
import { answerUnauthorizedClient, serviceResources } from './services';
import { deviceFlow, pacePolls } from './devices';
import { errorPage, logoutPage, signedOutPage } from './pages';
import { answerSignOutWithoutSession, endFrontDoorSessionAtLogout } from './logout';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The scopes a first-party app is granted without a consent screen: the platform's apps are its own. */
const GRANTED_SCOPES = 'openid email profile';
/** A refresh token's scope, granted to the app that asks for it (server/oidc/refresh-tokens.ts). */
const OFFLINE_ACCESS = 'offline_access';

export type OpenIdProvider = Provider;

/** The provider session's cookie, on the provider's paths. */
const SESSION_COOKIE = 'frontdoor_oidc_session';

/** What the engine hands over of a code or token, as far as the checks below read it. */
interface IssuedToken extends RefreshTokenRead {
  sessionUid?: string;
  grantId?: string;
  iat?: number;
}

/**
 * A code or an access token is good only while the front door session it came from is (Logout, the
 * sessions page, a new password end it at once); a refresh token, and what it yields, by its own
 * rule (server/oidc/refresh-tokens.ts). At the authorization endpoint the login check below decides.
 */
/**
 * When a code or token was issued under its provider session, to find the front door session it
 * stands for: its issue time; but a device code is issued before its person signs in, and is
 * redeemed once, at once: the session's latest.
 */
const issuedUnder = (token: IssuedToken) => (token.kind === 'DeviceCode' ? undefined : token.iat);

/** The front door session a code or a refresh token stands for: an ID token it yields names it as `sid`. */
async function frontDoorSessionOfToken(db: Queryable, token: IssuedToken): Promise<string | undefined> {
  if (token.kind === 'RefreshToken' && token.jti !== undefined) return tokenSession(db, 'RefreshToken', token.jti);
  return token.sessionUid === undefined ? undefined : (await findOidcSignIn(db, token.sessionUid, issuedUnder(token)))?.session_id;
}

async function standsOnItsSession(db: Queryable, token: IssuedToken, userId: string): Promise<boolean> {
  if (standsOnRefreshToken(token)) return refreshTokenHolds(db, token, userId);
  if (token.sessionUid === undefined) return true;
  const signIn = await findOidcSignIn(db, token.sessionUid, issuedUnder(token));
  return signIn?.live === true && signIn.user_id === userId;
}

/** Is the person still in the organisation ('' is none: nothing to be in)? Taking access away counts at once. */
const stillMember = async (db: Queryable, userId: string, org: string) => org === '' || isMember(db, userId, org);

export function createOpenIdProvider(
  services: Pick<Services, 'config' | 'db' | 'signingKey' | 'tokens' | 'mail'>,
  log: Pick<FastifyBaseLogger, 'error'>,
): OpenIdProvider {
  const { config, db, signingKey } = services;
  const { Check, base } = interactionPolicy;
  const policy = base();
  // A provider session stands for a front door session: signed out there (Logout, the sessions
  // page, a new password), or taken out of the organisation it chose, it asks for a sign-in again,
  // and `prompt=none` answers login_required.
  policy.get('login')!.checks.add(
    new Check('front_door_session_ended', 'The front door session of this sign-in has ended', 'login_required', async (ctx) => {
      const { session, result } = ctx.oidc;
      if (!session?.accountId || result?.login) return Check.NO_NEED_TO_PROMPT;
      const signIn = await findOidcSignIn(db, session.uid);
      const goesOn = signIn?.live && signIn.user_id === session.accountId && (await stillMember(db, signIn.user_id, signIn.org));
      return goesOn ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    }),
  );
  // `acr_values=mfa` asks for a second factor that the session may not have proved.
  policy.get('login')!.checks.add(
    new Check('second_factor', 'A second factor is required', 'interaction_required', (ctx) => {
      const { session, params, result } = ctx.oidc;
      if (!session?.accountId || result?.login) return Check.NO_NEED_TO_PROMPT;
      return asksForMfa(params?.acr_values) && session.acr !== ACR_MFA ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT;
    }),
  );
  // An app that asks for an organisation (`org`, or `domain`) other than the session's has it chosen.
  policy.get('login')!.checks.add(
    new Check('other_organization', 'The app asks for another organisation', 'interaction_required', async (ctx) => {
      const { session, params, result } = ctx.oidc;
      const asked = params && askedOrganization(params);
      if (!session?.accountId || result?.login || asked === undefined) return Check.NO_NEED_TO_PROMPT;
      const signIn = await findOidcSignIn(db, session.uid);
      return signIn?.org.toLowerCase() === asked.toLowerCase() ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    }),
  );

  // A grant lives as long as the refresh tokens it may issue.
  const grantTtlSeconds = Math.max(config.tokenTtlSeconds, config.refreshTokenTtlSeconds);

  const cookieKey = createHash('sha256')
    .update(`frontdoor oidc cookies:${String(signingKey.privateJwk.d)}`)
    .digest('base64url');

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    jwks: { keys: [signingKey.privateJwk as UnknownObject] },
    findAccount: async (_ctx, sub, token) => {
      if (!UUID.test(sub)) return undefined;
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      const issued = token as IssuedToken | undefined;
      if (issued && !(await standsOnItsSession(db, issued, sub))) return undefined;
      return {
        accountId: sub,
        claims: async (use) => {
          const org = issued?.grantId === undefined ? undefined : await findOidcGrantOrg(db, issued.grantId);
          const inOrg = org !== undefined && org !== '' && (await stillMember(db, sub, org));
          // An ID token's sid is its front door session's: a back-channel logout names it (server/auth/backchannel-logout.ts).
          const sid = use === 'id_token' && issued ? await frontDoorSessionOfToken(db, issued) : undefined;
          return { sub, email: user.email, email_verified: true, ...(inOrg ? { org } : {}), ...(sid === undefined ? {} : { sid }) };
        },
      };
    },
    claims: { openid: ['sub', 'org', 'acr', 'amr', 'auth_time', 'sid'], email: ['email', 'email_verified'], profile: ['name'] },
    // Back-channel logout is the front door's own, from its queue (server/auth/backchannel-logout.ts), not the engine's from the request.
    discovery: { claim_types_supported: ['normal'], backchannel_logout_supported: true, backchannel_logout_session_supported: true },
    scopes: ['openid', 'email', 'profile', OFFLINE_ACCESS],
    // The scopes' claims go into the ID token too: an app reads one token (docs/openid-connect.md).
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    acrValues: [ACR_MFA, ACR_PASSWORD],
    extraParams: ['org', 'domain'],
    // A refresh token at every use gives way to a new one; one used twice revokes its chain.
    rotateRefreshToken: true,
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'ES256',
      require_auth_time: true,
    },
    enabledJWA: {
      idTokenSigningAlgValues: ['ES256'],
      userinfoSigningAlgValues: ['ES256'],
      requestObjectSigningAlgValues: ['ES256'],
      clientAuthSigningAlgValues: ['ES256'],
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: true },
      // RFC 7662 for the confidential apps and services that check a token they are handed: an app
      // that cannot authenticate learns nothing of any token, a wrong secret answers 401, and a
      // token whose front door session has ended is not active.
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => {
          const accountId = (token as { accountId?: string }).accountId;
          return client.clientAuthMethod !== 'none' && (accountId === undefined || (await standsOnItsSession(db, token as IssuedToken, accountId)));
        },
      },
      // Every request goes through the authorization endpoint's own URL.
      pushedAuthorizationRequests: { enabled: false },
      // Services sign in as themselves, for their one audience (server/oidc/services.ts).
      clientCredentials: { enabled: true },
      // A TV, a console or a command line signs its person in on another screen (server/oidc/devices.ts).
      deviceFlow,
      resourceIndicators: serviceResources(db),
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(ctx, form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(ctx);
        },
      },
    },
    routes: {
      authorization: `${OIDC_PREFIX}/auth`,
      token: `${OIDC_PREFIX}/token`,
      userinfo: `${OIDC_PREFIX}/userinfo`,
      revocation: `${OIDC_PREFIX}/token/revocation`,
      introspection: `${OIDC_PREFIX}/token/introspection`,
      device_authorization: `${OIDC_PREFIX}/device/auth`,
      code_verification: `${OIDC_PREFIX}/device`,
      end_session: `${OIDC_PREFIX}/logout`,
      // The key the server already publishes, served by the API (server/api/routes/jwks.ts).
      jwks: `${config.apiBasePath}/.well-known/jwks.json`,
    },
    interactions: {
      policy,
      // A person the provider knows, asked to prove it again, is not asked who they are.
      url: async (_ctx, interaction) => {
        const accountId = interaction.session?.accountId;
        const known = accountId !== undefined && UUID.test(accountId) && asksForFreshSignIn(interaction) ? await findUserById(db, accountId) : undefined;
        return interactionLoginUrl(interaction, known?.email);
      },
    },
    loadExistingGrant: async (ctx) => {
      const { session, client, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const ttlSeconds = config.tokenTtlSeconds;
      // The sign-in the front door just finished: this provider session now stands for it.
      const frontDoor = (result as { frontDoor?: { sid: string; org: string } } | undefined)?.frontDoor;
      if (frontDoor)
        await upsertOidcSignIn(db, { providerSession: session.uid, sessionId: frontDoor.sid, userId: session.accountId, org: frontDoor.org, ttlSeconds });
      // The app signs in with that front door session: its end is told to the app (server/auth/backchannel-logout.ts).
      const sessionId = frontDoor?.sid ?? (await findOidcSignIn(db, session.uid))?.session_id;
      if (sessionId !== undefined) await recordAppSignIn(db, { sessionId, clientId: client.clientId, userId: session.accountId, ttlSeconds: grantTtlSeconds });
      const grantId = session.grantIdFor(client.clientId);
      const found = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant = found ?? new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      // offline_access stays in the request only with prompt=consent, which the finish answers.
      const asked = String(ctx.oidc.params?.scope ?? '').split(' ');
      const scopes = asked.includes(OFFLINE_ACCESS) ? `${GRANTED_SCOPES} ${OFFLINE_ACCESS}` : GRANTED_SCOPES;
      if (!found || !scopes.split(' ').every((scope) => grant.getOIDCScope().split(' ').includes(scope))) {
        grant.addOIDCScope(scopes);
        await grant.save();
      }
      // The app's organisation: the one its sign-in chose; else the one its grant has; else, for an
      // app that signs in without a screen, the one the session's last sign-in chose.
      const kept = found ? await findOidcGrantOrg(db, grant.jti) : undefined;
      const org = frontDoor?.org ?? kept ?? (await findOidcSignIn(db, session.uid))?.org;
      if (org !== undefined && org !== kept) await setOidcGrantOrg(db, { grantId: grant.jti, org, ttlSeconds: grantTtlSeconds });
      return grant;
    },
    cookies: {
      keys: [cookieKey],
      names: { session: SESSION_COOKIE, interaction: 'frontdoor_oidc_interaction', resume: 'frontdoor_oidc_resume' },
      long: { httpOnly: true, sameSite: 'lax', path: OIDC_PREFIX },
      // The interaction's cookie reaches the API's call that finishes it (server/api/routes/oidc.ts).
      short: { httpOnly: true, sameSite: 'lax', path: `${config.apiBasePath}/oidc` },
    },
    ttl: {
      AuthorizationCode: 60,
      // A device's code: its person has ten minutes to type it and sign in (server/oidc/devices.ts).
      DeviceCode: 600,
      AccessToken: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: config.tokenTtlSeconds,
      Grant: grantTtlSeconds,
      // From the chain's first issue, whatever its rotations: REFRESH_TOKEN_TTL_SECONDS in all.
      RefreshToken: (_ctx, token) =>
        Math.max(1, (token.iiat ?? token.iat ?? Math.floor(Date.now() / 1000)) + config.refreshTokenTtlSeconds - Math.floor(Date.now() / 1000)),
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(ctx, out);
    },
  };
  const provider = new Provider(config.publicUrl, configuration);
  // Its URLs are the issuer's, never the request's Host: the mount says so (server/oidc/mount.ts).
  provider.proxy = true;
  provider.use(endFrontDoorSessionAtLogout(services, log));
  provider.use(answerSignOutWithoutSession(SESSION_COOKIE));
  provider.use(auditRefreshTokenReuse(db));
  provider.use(answerUnauthorizedClient());
  provider.use(pacePolls(db));
  // A confidential client's secret is kept as its SHA-256 (server/oidc/clients.ts): the engine's
  // prototype hook for hashed secrets compares through it.
  provider.Client.prototype.compareClientSecret = function compareClientSecret(this: { clientSecret?: string }, actual: string) {
    return Promise.resolve(this.clientSecret !== undefined && secretMatches(this.clientSecret, actual));
  };
  return provider;
}

export type { KoaContextWithOIDC };
