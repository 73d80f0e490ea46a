/**
 * An app's sign-out through the provider (RP-initiated logout) is a Logout of the browser, whole
 * (server/auth/sign-out.ts): every front door session it holds ends, also those its provider session
 * never finished with (a step-up left at MFA setup, terms or company selection), and its session
 * cookies are cleared on the answer.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import { signOutBrowser } from '../auth/sign-out';
import { heldDevice } from '../api/device-cookie';
import { clearedSessionCookies, sessionCookiesOf } from '../web/session-cookies';
import type { OpenIdProvider } from './provider';

type Middleware = Parameters<OpenIdProvider['use']>[0];

export function endFrontDoorSessionAtLogout(services: Pick<Services, 'db' | 'config' | 'tokens'>, log: Pick<FastifyBaseLogger, 'error'>): Middleware {
  const { config } = services;
  return async (ctx, next) => {
    await next();
    const oidc = (ctx as { oidc?: { route?: string; params?: { logout?: unknown }; session?: { uid: string } } }).oidc;
    if (oidc?.route !== 'end_session_confirm' || !oidc.params?.logout || ctx.status !== 303) return;
    const cookieHeader = ctx.get('cookie');
    const cookies = sessionCookiesOf(cookieHeader);
    try {
      await signOutBrowser(services, {
        cookieTokens: [...cookies.values()],
        device: heldDevice(cookieHeader),
        ...(oidc.session ? { providerSession: oidc.session.uid } : {}),
        clientAddress: ctx.ip,
        via: 'oidc',
      });
    } catch (error) {
      // The app's sign-out went through; the front door sessions end with their tokens' lifetime.
      log.error({ err: error }, 'ending the front door sessions at an app’s sign-out failed');
    }
    for (const cleared of clearedSessionCookies(cookies.keys(), { cookieDomain: config.cookieDomain, hostname: ctx.hostname }))
      ctx.append('Set-Cookie', cleared);
  };
}
