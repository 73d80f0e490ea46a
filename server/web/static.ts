import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from '../config';
import type { AppPage } from './app-page';
import { errorBody } from '../api/errors';

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
 * Serves the built app: hashed assets precompressed with long-cache headers, and the configured
 * page for every other GET outside the API, so deep links and reloads work (history fallback).
 */
export async function serveApp(app: FastifyInstance, config: ServerConfig, page: AppPage): Promise<void> {
  await app.register(fastifyStatic, {
    root: config.distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    globIgnore: ['**/index.html*', '**/*.gz', '**/*.br'],
    setHeaders(reply, path) {
      reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !/\.[A-Za-z0-9]+$/.test(path);
    if (isPageRequest) return sendPage(request, reply);
    return reply.code(404).send(errorBody(404, 'not_found', 'Not found.'));
  });
}
