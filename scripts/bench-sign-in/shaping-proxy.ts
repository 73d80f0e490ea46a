/**
 * Slow 4G for a browser with no network emulation of its own (Firefox over WebDriver BiDi): an HTTP
 * proxy the browser sends every request to, which holds each one as DevTools' emulation does in
 * Chromium (conditions.ts). A request's answer starts no sooner than the latency after the proxy
 * got it; a request's body goes on at the upload rate; the answers' bodies share one line at the
 * download rate, chunk after chunk in the order they came. It keeps every request it forwards, by
 * the machine's wall clock, as the Chromium side keeps the tab's: a request the browser's cache
 * answered never reaches it.
 *
 * Runs in the benchmark's process: the waits are timers, and the bytes of a sign-in are a few
 * hundred kilobytes, so it adds no work a browser would notice.
 */
import { Agent, createServer, request as forward, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopback } from '../../rules/loopback';
import { SLOW_4G, type Requests, type Sent } from './conditions';
import { log } from './log';

export interface ShapingProxy {
  /** Where the browser's HTTP proxy setting points. */
  host: string;
  port: number;
  /** Every request the proxy forwarded, in the order it got them. */
  requests: Requests;
  close(): Promise<void>;
}

/** What the browser asked for, as DevTools names it: a navigation is a Document. */
function typeOf(request: IncomingMessage): string {
  const destination = request.headers['sec-fetch-dest'];
  if (destination === 'document' || (!destination && request.headers.accept?.startsWith('text/html'))) return 'Document';
  return typeof destination === 'string' && destination !== 'empty' ? destination[0]!.toUpperCase() + destination.slice(1) : 'Fetch';
}

/** About three TCP segments: what a slow line delivers in some 7 ms. */
const SLICE = 4096;

/** The headers of one hop (RFC 9110, 7.6.1) stay on it: each side of the proxy has its own connection. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];
const hopByHopless = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));

const sleepUntil = (at: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** A line of a given rate: each chunk leaves once the ones before it have, at bytes per second. */
function line(bytesPerSecond: number) {
  let freeAt = 0;
  return (bytes: number): number => {
    freeAt = Math.max(freeAt, Date.now()) + (bytes / bytesPerSecond) * 1000;
    return freeAt;
  };
}

export async function startShapingProxy(): Promise<ShapingProxy> {
  const requests = log<Sent>();
  const down = line(SLOW_4G.downloadThroughput);
  const up = line(SLOW_4G.uploadThroughput);
  const agent = new Agent({ keepAlive: true });

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const at = Date.now();
    const url = new URL(incoming.url ?? '/');
    const sent: Sent = { at, url: url.href, method: incoming.method ?? 'GET', type: typeOf(incoming), fromCache: false };
    requests.push(sent);
    const body: Buffer[] = [];
    for await (const chunk of incoming) body.push(chunk as Buffer);
    const bytes = Buffer.concat(body);
    await sleepUntil(Math.max(at + SLOW_4G.latency, bytes.length > 0 ? up(bytes.length) : 0));

    const headers = hopByHopless(incoming.headers);
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      const upstream = forward(
        // Loopback names are the machine itself, as the browser resolves them and Node's resolver does not.
        {
          host: isLoopback(url.hostname) ? '127.0.0.1' : url.hostname,
          port: url.port || 80,
          path: url.pathname + url.search,
          method: sent.method,
          headers,
          agent,
        },
        resolve,
      );
      upstream.once('error', reject);
      upstream.end(bytes);
    });
    sent.waited = Date.now() - at;
    outgoing.writeHead(answer.statusCode ?? 502, hopByHopless(answer.headers));
    outgoing.flushHeaders();
    for await (const chunk of answer) {
      // In slices, so a page's bytes arrive as a slow line brings them, not in the upstream's lumps.
      for (let offset = 0; offset < (chunk as Buffer).length; offset += SLICE) {
        const slice = (chunk as Buffer).subarray(offset, offset + SLICE);
        await sleepUntil(down(slice.length));
        outgoing.write(slice);
      }
    }
    outgoing.end();
  }

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      // Nothing listens where the request went (the app's page, where the sign-in ends): the browser gets a 502.
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    requests,
    async close() {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
