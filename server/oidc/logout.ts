/**
 * An app's sign-out through the provider (RP-initiated logout) is a Logout of the browser, whole
 * (server/auth/sign-out.ts): every front door session it holds ends, also those its provider session
 * never finished with (a step-up left at MFA setup, terms or company selection), and its session
 * cookies are cleared on the answer. A sign-out asked for where no one is signed in has nothing to
 * end or ask: it stores nothing and goes straight on.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import { signOutBrowser } from '../auth/sign-out';
import { heldDevice } from '../web/device-cookie';
import { clearedSessionCookies, sessionCookiesOf } from '../web/session-cookies';
import type { Middleware } from './middleware';

export function endFrontDoorSessionAtLogout(services: Pick<Services, 'db' | 'config' | 'tokens' | 'mail'>, log: Pick<FastifyBaseLogger, 'error'>): Middleware {
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
    for (const cleared of clearedSessionCookies(cookies.keys(), { cookieDomain: config.cookieDomain, hostname: ctx.hostname, publicUrl: config.publicUrl }))
      ctx.append('Set-Cookie', cleared);
  };
}

/** The engine's session of a request, as far as these middlewares read it. */
interface LogoutSession {
  accountId?: string;
  state?: { postLogoutRedirectUri?: string; state?: string };
  destroy(): Promise<void>;
}

/**
 * Where no one is signed in, the engine answers a sign-out with a form that posts itself to the
 * confirmation, keeping the form's secret in a provider session it stores for that: one stored per
 * request, for anyone who asks. Once the engine has checked the request (the app, its
 * `id_token_hint`, its registered address), the session it stored goes, with its cookie, and the
 * browser goes where the confirmation would have sent it: the app's address with its `state`, else
 * the signed-out page.
 */
export function answerSignOutWithoutSession(sessionCookie: string): Middleware {
  return async (ctx, next) => {
    await next();
    const oidc = (ctx as { oidc?: { route?: string; session?: LogoutSession; urlFor(name: string): string } }).oidc;
    if (oidc?.route !== 'end_session' || ctx.status !== 200 || !oidc.session || oidc.session.accountId) return;
    const { postLogoutRedirectUri, state } = oidc.session.state ?? {};
    await oidc.session.destroy();
    const setCookies = [ctx.response.get('set-cookie') ?? []]
      .flat()
      .filter((cookie) => !cookie.startsWith(`${sessionCookie}=`) && !cookie.startsWith(`${sessionCookie}.sig=`));
    ctx.remove('set-cookie');
    if (setCookies.length > 0) ctx.set('set-cookie', setCookies);
    const to = new URL(postLogoutRedirectUri ?? oidc.urlFor('end_session_success'));
    if (postLogoutRedirectUri !== undefined && state != null) to.searchParams.set('state', state);
    ctx.status = 303;
    ctx.redirect(to.href);
  };
}
