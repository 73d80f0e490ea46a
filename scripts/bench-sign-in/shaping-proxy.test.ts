import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SLOW_4G } from './conditions';
import { startShapingProxy, type ShapingProxy } from './shaping-proxy';

/** A request through the proxy as a browser sends it: the absolute URL on the request line. */
function viaProxy(proxy: ShapingProxy, url: string, body?: Buffer): Promise<{ status: number; body: Buffer; headersAt: number; endAt: number }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: proxy.host, port: proxy.port, path: url, method: body ? 'POST' : 'GET', headers: { 'sec-fetch-dest': 'document' } },
      (answer) => {
        const headersAt = Date.now();
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks), headersAt, endAt: Date.now() }));
      },
    );
    sent.once('error', reject);
    sent.end(body);
  });
}

describe('the proxy that holds Firefox at slow 4G', () => {
  const running: { close(): unknown }[] = [];
  afterEach(async () => {
    for (const one of running.splice(0)) await one.close();
  });

  async function origin(answer: (body: Buffer) => Buffer): Promise<string> {
    const server: Server = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => outgoing.end(answer(Buffer.concat(chunks))));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    running.push({ close: () => new Promise((resolve) => server.close(resolve)) });
    // A loopback name, as the front door's are: the proxy resolves it as the browser does.
    return `http://front.localhost:${(server.address() as AddressInfo).port}`;
  }

  it('answers no sooner than the latency, and keeps the request with how long it waited', async () => {
    const proxy = await startShapingProxy();
    running.push(proxy);
    const target = await origin(() => Buffer.from('ok'));
    const asked = Date.now();
    const answer = await viaProxy(proxy, `${target}/login?x=1`);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('ok');
    expect(answer.headersAt - asked).toBeGreaterThanOrEqual(SLOW_4G.latency);
    expect(proxy.requests.entries).toEqual([
      { at: expect.any(Number), url: `${target}/login?x=1`, method: 'GET', type: 'Document', fromCache: false, waited: expect.any(Number) },
    ]);
    expect(proxy.requests.entries[0]!.waited).toBeGreaterThanOrEqual(SLOW_4G.latency);
  });

  it('sends answers down at the download rate and bodies up at the upload rate, whole', async () => {
    const proxy = await startShapingProxy();
    running.push(proxy);
    const big = Buffer.alloc(100 * 1024, 7);
    const target = await origin((body) => Buffer.concat([body, big]));
    const asked = Date.now();
    const upload = Buffer.alloc(20 * 1024, 1);
    const answer = await viaProxy(proxy, `${target}/api/login`, upload);
    expect(answer.body.equals(Buffer.concat([upload, big]))).toBe(true);
    // 20 KB up at 750 kbit/s is 213 ms before it is forwarded; 120 KB down at 1.6 Mbit/s, 586 ms.
    expect(answer.headersAt - asked).toBeGreaterThanOrEqual((upload.length / SLOW_4G.uploadThroughput) * 1000);
    expect(answer.endAt - answer.headersAt).toBeGreaterThanOrEqual((big.length / SLOW_4G.downloadThroughput) * 1000);
  });

  it('answers 502 where nothing listens, as the app’s page does where the sign-in ends', async () => {
    const proxy = await startShapingProxy();
    running.push(proxy);
    const answer = await viaProxy(proxy, 'http://app.localhost:9/');
    expect(answer.status).toBe(502);
    expect(proxy.requests.entries.map((sent) => sent.url)).toEqual(['http://app.localhost:9/']);
  });
});
