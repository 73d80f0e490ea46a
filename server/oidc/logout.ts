/**
 * An app's sign-out through the provider (RP-initiated logout) ends the front door session its
 * provider session stands for, as Logout does (server/auth/sign-out.ts): its tokens answer 401 on
 * every instance, and the front door's session cookies are cleared on the answer.
 */
import { decodeJwt } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import { endSession } from '../db/sessions';
import { audit } from '../db/audit';
import { parseCookieHeader } from '../web/cookie-header';
import { findOidcSignIn } from '../db/oidc';
import { cookieDomainFor } from '../../rules/cookie-domain';
import type { OpenIdProvider } from './provider';

type Middleware = Parameters<OpenIdProvider['use']>[0];

/** The front door's session cookies (src/session/cookies.ts): `token` and `token_{context}`. */
const SESSION_COOKIE = /^token(?:_[A-Za-z0-9][A-Za-z0-9_-]{0,62})?$/;

/** The `sid` a session cookie's token names, read without verifying: it only picks cookies to clear. */
function sessionIdOf(token: string): unknown {
  try {
    return decodeJwt(token).sid;
  } catch {
    return undefined;
  }
}

export function endFrontDoorSessionAtLogout(services: Pick<Services, 'db' | 'config'>, log: Pick<FastifyBaseLogger, 'error'>): Middleware {
  const { db, config } = services;
  return async (ctx, next) => {
    await next();
    const oidc = (ctx as { oidc?: { route?: string; params?: { logout?: unknown }; session?: { uid: string; accountId?: string } } }).oidc;
    if (oidc?.route !== 'end_session_confirm' || !oidc.params?.logout || ctx.status !== 303) return;
    const { session } = oidc;
    let signIn;
    try {
      signIn = session ? await findOidcSignIn(db, session.uid) : undefined;
      if (!signIn) return;
      await endSession(db, signIn.user_id, signIn.session_id);
      await audit(db, ctx.ip, 'logout', { userId: signIn.user_id, detail: { via: 'oidc' } });
    } catch (error) {
      // The app's sign-out went through; the front door session ends with its tokens' lifetime.
      log.error({ err: error }, 'ending the front door session at an app’s sign-out failed');
      if (!signIn) return;
    }
    // Only the cookies of that session: another person may have signed in on this browser since
    // (the engine signs the earlier one out the same way when the next one's sign-in resumes).
    const onDomain = cookieDomainFor(config.cookieDomain, ctx.hostname);
    const domain = onDomain ? `; Domain=${onDomain}` : '';
    for (const [name, value] of parseCookieHeader(ctx.get('cookie'))) {
      if (SESSION_COOKIE.test(name) && sessionIdOf(value) === signIn.session_id) {
        ctx.append('Set-Cookie', `${name}=; Path=/${domain}; Max-Age=0; Secure; SameSite=Strict`);
      }
    }
  };
}
