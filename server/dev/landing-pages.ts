/**
 * Stand-ins for the platform's apps, so the demo lands somewhere real (flows 4.9 and the outbound URL
 * shapes of flows 2): requests whose Host is {subdomain}.{PLATFORM_HOST} (other than the front door's
 * own host) get a page that shows who is signed in, into which context and route, read from the
 * session cookie as the platform's apps read it (`token_{context}`, else `token`, verified with the
 * front door's key), and a link to sign out at the front door, in the browser's language
 * (`devPages.landing`, server/i18n/en.ts). Registered with the other development pages only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import type { TokenClaims } from '../auth/tokens';
import type { Language } from '../../rules/languages';
import { fillIn, serverTexts } from '../i18n/server-texts';
import { pageLanguage } from '../web/language';
import { SESSION_COOKIE, contextCookieName } from '../../rules/session-cookies';
import { htmlPage } from './html-page';
import { escapeHtml } from '../web/html';
import { parseCookieHeader } from '../web/cookie-header';

interface PlatformApp {
  /** The `app` of the front door's login URL (flows 2); its name on the page is `devPages.landing[app]`. */
  app: 'portal' | 'admin' | 'marketplace' | 'meta';
  /** The context the page is for, when its host or query names one. */
  context: string | undefined;
}

/** Which platform app a host and path stand for: services and meta by name, else a company's portal or its admin area. */
function platformApp(subdomain: string, path: string, contextParameter: string | undefined): PlatformApp {
  if (subdomain === 'services') return { app: 'marketplace', context: contextParameter ?? 'serviceProvider' };
  if (subdomain === 'meta') return { app: 'meta', context: contextParameter ?? 'meta' };
  const context = contextParameter ?? subdomain;
  if (path === '/admin' || path.startsWith('/admin/')) return { app: 'admin', context };
  return { app: 'portal', context };
}

async function sessionFrom(services: Services, jar: Map<string, string>, context: string | undefined): Promise<TokenClaims | undefined> {
  const token = (context && jar.get(contextCookieName(context))) || jar.get(SESSION_COOKIE);
  if (!token) return undefined;
  return services.tokens.verifySession(token).catch(() => undefined);
}

function landingPage(services: Services, language: Language, app: PlatformApp, route: string, session: TokenClaims | undefined): string {
  const { devPages } = serverTexts(language).texts;
  const texts = devPages.landing;
  const title = fillIn(texts[app.app], { context: app.context ?? '' });
  const frontDoor = services.config.publicUrl;
  const signIn = new URL('/login', frontDoor);
  signIn.search = new URLSearchParams({ app: app.app, ...(app.context ? { domain: app.context } : {}), route }).toString();
  const details = session
    ? [
        '<dl>',
        `<dt>${escapeHtml(texts.signedInAs)}</dt><dd>${escapeHtml(session.email)}</dd>`,
        `<dt>${escapeHtml(texts.context)}</dt><dd>${escapeHtml(app.context ?? '')}${app.context && !session.contexts.includes(app.context) ? ` ${escapeHtml(texts.notReached)}` : ''}</dd>`,
        `<dt>${escapeHtml(texts.route)}</dt><dd>${escapeHtml(route)}</dd>`,
        `<dt>${escapeHtml(texts.signedInWith)}</dt><dd>${escapeHtml((session.amr ?? []).join(', '))}</dd>`,
        '</dl>',
        `<p><a href="${escapeHtml(new URL('/logout', frontDoor).toString())}">${escapeHtml(devPages.signOut)}</a></p>`,
      ]
    : [`<p>${escapeHtml(devPages.notSignedIn)}</p>`, `<p><a href="${escapeHtml(signIn.toString())}">${escapeHtml(texts.signIn)}</a></p>`];
  return htmlPage(language, fillIn(texts.title, { app: title }), [`<h1>${escapeHtml(title)}</h1>`, `<p>${escapeHtml(texts.intro)}</p>`, ...details]);
}

export function registerLandingPages(app: FastifyInstance, services: Services): void {
  const suffix = `.${services.config.platformHost.toLowerCase()}`;
  const frontDoorHost = new URL(services.config.publicUrl).host;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const host = request.host.toLowerCase();
    if (!host.endsWith(suffix) || host === frontDoorHost) return;
    const subdomain = host.slice(0, -suffix.length);
    if (!/^[a-z0-9-]+$/.test(subdomain)) return;
    const url = new URL(request.url, 'http://landing');
    const platform = platformApp(subdomain, url.pathname, url.searchParams.get('context') ?? undefined);
    const session = await sessionFrom(services, parseCookieHeader(request.headers.cookie), platform.context);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(landingPage(services, pageLanguage(undefined, request.headers['accept-language']), platform, url.pathname, session));
  });
}
