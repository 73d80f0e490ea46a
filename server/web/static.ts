import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { gzipSync } from 'node:zlib';
import type { ServerConfig } from '../config';
import type { AppPage, AppPages } from './app-page';
import { errorBody } from './error-body';
import { pageLanguage } from './language';
import { fillPath, matchPath } from '../../rules/route-pattern';
import { carriedFields } from './carried-fields';
import { prefilledFields } from './prefilled-fields';
import { allowPageStyles } from './security-headers';

/** Parcel names built assets name.<hash>.ext: those never change, so browsers keep them a year. */
const HASHED_ASSET = /\.[0-9a-f]{8}\.[a-z0-9]+(\.br|\.gz)?$/;

/** Encodings the client accepts, in our order of preference. */
function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * Serves the built app: hashed assets precompressed with long-cache headers, and for every other
 * GET outside the API the prerendered page of its route in the visitor's language, so
 * deep links and reloads show their screen at once. Aliases redirect (flows 2: / goes to /login);
 * a path outside the route table gets the not-found page with a 404.
 */
export async function serveApp(app: FastifyInstance, config: ServerConfig, pages: AppPages): Promise<void> {
  await app.register(fastifyStatic, {
    root: config.distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // Every file served here is hashed and kept a year (the pages are not served here): no
    // validator or range is ever asked for, and each would be some 100 bytes more on a slow line.
    etag: false,
    lastModified: false,
    acceptRanges: false,
    dotfiles: 'ignore',
    globIgnore: ['**/*.html', '**/*.html.*', '**/pages/**', '**/*.gz', '**/*.br'],
    setHeaders(reply, path) {
      reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  function sendPage(request: FastifyRequest, reply: FastifyReply, page: AppPage, status: number) {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Accept-Language');
    allowPageStyles(reply, page.styleHashes);
    // A page asked with carried parameters keeps them in its forms, for a form sent before the
    // script has arrived (flows 2), and shows the e-mail its query pre-fills; that page is written
    // for the request, the others are ready-made.
    const query = request.query as Record<string, unknown>;
    const carried = carriedFields(page.identity, query);
    const withFields = prefilledFields(carried ?? page.identity, query) ?? carried;
    if (withFields) {
      if (encoding) reply.header('content-encoding', 'gzip');
      return reply.send(encoding ? gzipSync(withFields) : withFields);
    }
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
  }

  app.setNotFoundHandler((request, reply) => {
    const [path = '/', query = ''] = request.url.split(/\?(.*)/s);
    // Browsers ask for pages by clean paths: anything under the API, a file name or a dot segment is not a page.
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/\.[A-Za-z0-9]+$/.test(path) &&
      !path.startsWith(`${config.apiBasePath}/`) &&
      !/(^|\/)\.\.?(\/|$)/.test(path);
    if (!isPageRequest) return reply.code(404).send(errorBody(404, 'not_found', 'Not found.'));

    for (const redirect of pages.redirects) {
      const params = matchPath(redirect.pattern, path);
      if (params) return reply.redirect(fillPath(redirect.to, params) + (query ? `?${query}` : ''), 302);
    }
    const language = pageLanguage((request.query as Record<string, unknown>).locale, request.headers['accept-language']);
    const route = pages.routes.find((candidate) => matchPath(candidate.pattern, path));
    return route ? sendPage(request, reply, route.pages[language], 200) : sendPage(request, reply, pages.notFound[language], 404);
  });
}
