/**
 * The conditions of every sign-in: Lighthouse's slow 4G figures (150 ms, 1.6 Mbit/s down, 750
 * kbit/s up) applied as they are, not adjusted the way Lighthouse adjusts them for DevTools
 * throttling (562.5 ms), through the DevTools protocol in Chromium (chromium-engine.ts) and the
 * benchmark's proxy in Firefox (shaping-proxy.ts); and in Chromium, a CPU 4x slower.
 */
import type { Log } from './log';

/**
 * Lighthouse's mobileSlow4G (@paulirish/trace_engine lantern/simulation/Constants.js): rttMs 150,
 * throughputKbps 1.6 * 1024, 750 kbit/s up, CPU 4x. Lighthouse's kilobit has 1024 bits.
 */
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** The network in words, for the figures' headings. */
export const SLOW_4G_IN_WORDS = `${SLOW_4G.latency} ms latency, 1.6 Mbit/s down and 750 kbit/s up`;
export const CPU_SLOWDOWN = 4;

export interface Sent {
  /** Milliseconds since the epoch, by the browser's clock (Chromium) or the proxy's (Firefox), when the request was made. */
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
