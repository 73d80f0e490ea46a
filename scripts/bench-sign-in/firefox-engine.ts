/**
 * Firefox as people have it (Debian's `firefox-esr`, e2e/engines/firefox.ts), driven over WebDriver
 * BiDi by puppeteer-core. Neither BiDi nor Firefox emulates a slow network, so every request goes
 * through the benchmark's proxy, which holds it at slow 4G (shaping-proxy.ts) and keeps the
 * requests; Firefox has no CPU slowdown to ask for, so its CPU runs at the machine's speed. A
 * session is a BiDi user context: its cookies, storage and HTTP cache are its own.
 */
import puppeteer, { type Browser, type BrowserContext } from 'puppeteer-core';
import { FIREFOX_PATH, NO_FIREFOX, QUIET_PREFS, hasFirefox } from '../../e2e/engines/firefox';
import { SLOW_4G_IN_WORDS } from './conditions';
import type { BenchEngine, BenchSession, BenchTab } from './engine';
import { log } from './log';
import { PROBE, REPORT_BINDING, type Report } from './probe';
import { startShapingProxy, type ShapingProxy } from './shaping-proxy';

/** A navigation the sign-in moved on from (a form's Enter) ends its goto early; only the fields count. */
const superseded = () => undefined;

async function newTab(context: BrowserContext, proxy: ShapingProxy): Promise<BenchTab> {
  const page = await context.newPage();
  const reports = log<Report>();
  await page.exposeFunction(REPORT_BINDING, (report: Report) => reports.push(report));
  await page.evaluateOnNewDocument(PROBE);
  return {
    // One tab at a time in the whole browser: what the proxy forwards meanwhile is this tab's.
    requests: proxy.requests,
    reports,
    async open(url) {
      void page.goto(url, { waitUntil: 'load', timeout: 0 }).catch(superseded);
    },
    click: (x, y) => page.mouse.click(x, y),
    // At once as one input of the text, as Chromium's Input.insertText gives it (BiDi has no such
    // input); key by key as actions sent together.
    type: (text, keyByKey) =>
      keyByKey
        ? page.keyboard.type(text)
        : page.evaluate((inserted) => {
            document.execCommand('insertText', false, inserted);
          }, text),
    pressEnter: () => page.keyboard.press('Enter'),
    url: () => page.url(),
    text: () => page.evaluate(() => document.body.innerText),
    close: () => page.close(),
  };
}

function session(context: BrowserContext, proxy: ShapingProxy): BenchSession {
  return {
    newTab: () => newTab(context, proxy),
    async addCookie({ name, value, url, secure, expires }) {
      const { hostname } = new URL(url);
      await context.setCookie({ name, value, domain: hostname, path: '/', secure, sameSite: 'Strict', expires: Math.floor(expires.getTime() / 1000) });
    },
    // The app keeps nothing but cookies beyond a tab (sessionStorage is the tab's).
    async forget() {
      await context.deleteCookie(...(await context.cookies()));
    },
    close: () => context.close(),
  };
}

export async function openFirefox(): Promise<BenchEngine> {
  if (!hasFirefox()) throw new Error(NO_FIREFOX);
  const proxy = await startShapingProxy();
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      extraPrefsFirefox: {
        // Every request through the proxy, the loopback's too, which Firefox would otherwise reach directly.
        'network.proxy.type': 1,
        'network.proxy.http': proxy.host,
        'network.proxy.http_port': proxy.port,
        'network.proxy.no_proxies_on': '',
        'network.proxy.allow_hijacking_localhost': true,
        // Six connections, as Firefox opens to one server directly, not the 32 it allows a proxy.
        'network.http.max-persistent-connections-per-proxy': 6,
        ...QUIET_PREFS,
      },
    });
  } catch (error) {
    await proxy.close();
    throw error;
  }
  const version = await browser.version();
  return {
    name: 'Firefox',
    described:
      `${version} over WebDriver BiDi (puppeteer-core), the network held by the benchmark's proxy at ${SLOW_4G_IN_WORDS}, ` +
      `the CPU at the machine's speed (Firefox has no CPU slowdown)`,
    newSession: async () => session(await browser.createBrowserContext(), proxy),
    async close() {
      await browser.close();
      await proxy.close();
    },
  };
}
