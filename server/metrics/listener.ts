/**
 * GET /metrics in Prometheus's text format on a listener of its own (METRICS_PORT, on HOST), which
 * operators keep private; the main port never answers it. It opens when the app is ready and
 * closes with it.
 */
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { processRegistry } from './process';

export function serveMetrics(app: FastifyInstance, own: Registry, { host, port }: { host: string; port: number }): void {
  const registry = Registry.merge([processRegistry(), own]);
  const server = createServer((request, response) => {
    const path = request.url?.split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'collecting the metrics failed');
        response.writeHead(500).end();
      },
    );
  });
  app.addHook('onReady', async () => {
    server.listen(port, host);
    await once(server, 'listening');
  });
  app.addHook('onClose', async () => {
    const closed = once(server, 'close');
    server.close();
    // A scraper's kept-alive connection would hold the stop up until it times out.
    server.closeAllConnections();
    await closed;
  });
}
