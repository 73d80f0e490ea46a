/**
 * The conditions of every sign-in, set on the page's tab through the DevTools protocol: Lighthouse's
 * slow 4G figures (150 ms, 1.6 Mbit/s down, 750 kbit/s up) applied as they are, not adjusted the way
 * Lighthouse adjusts them for DevTools throttling (562.5 ms), and a CPU 4x slower. The same session
 * keeps every request the tab makes, with the browser's own wall-clock time of it.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { log, type Log } from './log';

/**
 * Lighthouse's mobileSlow4G (@paulirish/trace_engine lantern/simulation/Constants.js): rttMs 150,
 * throughputKbps 1.6 * 1024, 750 kbit/s up, CPU 4x. Lighthouse's kilobit has 1024 bits.
 */
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;

export interface Sent {
  /** Milliseconds since the epoch, by the browser's clock, when the request was made. */
  at: number;
  url: string;
  method: string;
  type: string;
  fromCache: boolean;
  /** Milliseconds from the request to its response's headers, once they came: the emulated latency is in it. */
  waited?: number;
}

/** Every request of the tab, in order; a redirect's next hop is a request of its own. */
export type Requests = Log<Sent>;

interface RequestWillBeSent {
  requestId: string;
  /** Seconds, monotonic: the clock of responseReceived's timestamp. */
  timestamp: number;
  /** Seconds since the epoch. */
  wallTime: number;
  redirectResponse?: unknown;
  type?: string;
  request: { url: string; method: string };
}

/** Throttles the page's tab; network emulation is the tab's and stays across its navigations. */
export async function condition(context: BrowserContext, page: Page): Promise<Requests> {
  const cdp = await context.newCDPSession(page);
  const requests = log<Sent>();
  const byId = new Map<string, { sent: Sent; timestamp: number }>();
  const answered = (requestId: string, timestamp: number) => {
    const request = byId.get(requestId);
    if (request) request.sent.waited = (timestamp - request.timestamp) * 1000;
  };
  cdp.on('Network.requestWillBeSent', (event: RequestWillBeSent) => {
    // A redirect's next hop comes with the answer of the hop before it, under the same id.
    if (event.redirectResponse) answered(event.requestId, event.timestamp);
    const sent = { at: event.wallTime * 1000, url: event.request.url, method: event.request.method, type: event.type ?? 'Other', fromCache: false };
    byId.set(event.requestId, { sent, timestamp: event.timestamp });
    requests.push(sent);
  });
  const cached = (requestId: string) => {
    const request = byId.get(requestId);
    if (request) request.sent.fromCache = true;
  };
  cdp.on('Network.requestServedFromCache', ({ requestId }: { requestId: string }) => cached(requestId));
  cdp.on('Network.responseReceived', (event: { requestId: string; timestamp: number; response: { fromDiskCache?: boolean; fromPrefetchCache?: boolean } }) => {
    if (event.response.fromDiskCache || event.response.fromPrefetchCache) cached(event.requestId);
    answered(event.requestId, event.timestamp);
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return requests;
}
