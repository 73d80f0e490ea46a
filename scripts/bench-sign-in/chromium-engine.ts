/**
 * Chromium through Playwright (e2e/chromium.ts), conditioned through the DevTools protocol on each
 * tab: the network at slow 4G and the CPU 4x slower (conditions.ts). The same protocol session
 * keeps every request the tab makes, with the browser's own wall-clock time of it. A session is a
 * browser context: its cookies, storage and HTTP cache are its own.
 */
import { writeFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/chromium';
import { machine } from '../lighthouse/machine';
import { CPU_SLOWDOWN, SLOW_4G, SLOW_4G_IN_WORDS, type Requests, type Sent } from './conditions';
import type { BenchEngine, BenchSession, BenchTab } from './engine';
import { log } from './log';
import { PROBE, REPORT_BINDING, type Report } from './probe';

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
async function condition(context: BrowserContext, page: Page): Promise<Requests> {
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

/**
 * What a trace records: the main thread's tasks, events and requests, and its JavaScript sampled,
 * as DevTools' Performance panel shows them. Tracing slows the page: a traced run shows where the
 * time goes, not how long it takes.
 */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'loading',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
];

const pages = new WeakMap<BenchTab, Page>();

/**
 * Types and clicks through the DevTools protocol's input events, not Playwright's locators: they
 * compile Playwright's own script into each new document first, some 200 ms on the slowed CPU,
 * which the bare forms' three documents would pay three times and the app once, while it starts.
 */
async function newTab(context: BrowserContext): Promise<BenchTab> {
  const page = await context.newPage();
  const requests = await condition(context, page);
  const reports = log<Report>();
  await page.exposeBinding(REPORT_BINDING, (_source, report: Report) => reports.push(report));
  await page.addInitScript({ content: PROBE });
  const tab: BenchTab = {
    requests,
    reports,
    async open(url) {
      await page.goto(url, { waitUntil: 'commit' });
    },
    click: (x, y) => page.mouse.click(x, y),
    type: (text, keyByKey) => (keyByKey ? page.keyboard.type(text) : page.keyboard.insertText(text)),
    pressEnter: () => page.keyboard.press('Enter'),
    url: () => page.url(),
    text: () => page.locator('body').innerText({ timeout: 2000 }),
    close: () => page.close(),
  };
  pages.set(tab, page);
  return tab;
}

function session(browser: Browser, context: BrowserContext): BenchSession {
  const pageOf = (tab: BenchTab) => {
    const page = pages.get(tab);
    if (!page) throw new Error('A tab of another engine.');
    return page;
  };
  return {
    newTab: () => newTab(context),
    async addCookie({ name, value, url, secure, expires }) {
      await context.addCookies([{ name, value, url, secure, sameSite: 'Strict', expires: Math.floor(expires.getTime() / 1000) }]);
    },
    async forget(origin, tab) {
      await context.clearCookies();
      const cdp = await context.newCDPSession(pageOf(tab));
      // Not the HTTP cache: "cache_storage" is the Cache API's.
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb,service_workers,cache_storage' });
      await cdp.detach();
    },
    async traced(tab, path, during) {
      await browser.startTracing(pageOf(tab), { categories: TRACE_CATEGORIES });
      try {
        return await during();
      } finally {
        writeFileSync(path, await browser.stopTracing());
      }
    },
    close: () => context.close(),
  };
}

export async function openChromium(): Promise<BenchEngine> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  return {
    name: 'Chromium',
    described:
      `${machine().chromium} through Playwright, the network emulated through the DevTools protocol at ${SLOW_4G_IN_WORDS}, ` +
      `the CPU ${CPU_SLOWDOWN}x slower`,
    newSession: async () => session(browser, await browser.newContext({ locale: 'en-GB' })),
    close: () => browser.close(),
  };
}
