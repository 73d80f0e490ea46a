/**
 * WebKit, Safari's engine, as Debian ships it: WebKitGTK's MiniBrowser started by WebKitWebDriver
 * (classic WebDriver) and driven by WebdriverIO, in a display of its own (Xvfb). One browser per
 * page, so a page's cookies and storage are its own. MiniBrowser takes WebKit's settings on its
 * command line, which is how a page runs without script.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remote } from 'webdriverio';
import type { EngineOptions, EnginePage } from './engine-page';
import { onFreePort } from '../own-front-door';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.WEBKIT_MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const NO_WEBKIT = `No WebKit found for the stories in WebKit (${WEBKIT_DRIVER_PATH}, ${MINIBROWSER}, Xvfb): install them (Debian: \`apt-get install webkit2gtk-driver xvfb\`) or set WEBKIT_DRIVER_PATH and WEBKIT_MINIBROWSER_PATH.`;

const hasXvfb = () => ['/usr/bin/Xvfb', '/usr/local/bin/Xvfb'].some((path) => existsSync(path));
export const hasWebKit = () => existsSync(WEBKIT_DRIVER_PATH) && existsSync(MINIBROWSER) && hasXvfb();

/** An X display of its own: Xvfb names the display it took on the descriptor it is given. */
function startDisplay(): Promise<{ display: string; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    let told = '';
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      told += chunk.toString();
      if (told.endsWith('\n')) resolve({ display: `:${told.trim()}`, process: xvfb });
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb ended (${code}) before it named a display.`)));
  });
}

/** A driver that ended before it answered: on a port taken since it was found free, it cannot listen. */
class DriverEnded extends Error {}

/** The driver on `port`, once it takes connections. */
async function startDriver(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], { stdio: 'ignore', env });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (driver.exitCode !== null) throw new DriverEnded(`WebKitWebDriver ended (${driver.exitCode}) before it answered on port ${port}.`);
    const answered = await fetch(`http://127.0.0.1:${port}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return driver;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  driver.kill();
  throw new Error(`WebKitWebDriver did not answer on port ${port}.`);
}

/**
 * Sizes the window so that its page gets `width`×`height`. The window's frame (MiniBrowser's
 * header, in Xvfb with no window manager) is the window's size less the page's, both read in one
 * script, so a size the window has not taken yet is never mistaken for a frame. Asks again while
 * the page has another size; fails, naming the size, when it has not taken it within five seconds.
 */
async function sizePage(browser: WebdriverIO.Browser, width: number, height: number): Promise<void> {
  let asked = '';
  await browser.waitUntil(
    async () => {
      const [innerWidth, innerHeight, outerWidth, outerHeight] = (await browser.execute(
        'return [window.innerWidth, window.innerHeight, window.outerWidth, window.outerHeight]',
      )) as number[];
      if (innerWidth === width && innerHeight === height) return true;
      const windowSize = [outerWidth! + width - innerWidth!, outerHeight! + height - innerHeight!] as const;
      if (asked !== windowSize.join()) {
        asked = windowSize.join();
        await browser.setWindowSize(...windowSize);
      }
      return false;
    },
    { timeout: 5_000, interval: 50, timeoutMsg: `The WebKit window did not give its page ${width}×${height}.` },
  );
}

export async function openWebKit({ baseURL, javaScript }: EngineOptions): Promise<EnginePage> {
  const { display, process: xvfb } = await startDisplay();
  // GTK keeps a window at least as wide as its header bar: without one, the window takes a phone's width.
  const config = mkdtempSync(join(tmpdir(), 'frontdoor-webkit-'));
  mkdirSync(join(config, 'gtk-3.0'));
  writeFileSync(join(config, 'gtk-3.0', 'gtk.css'), '* { min-width: 0; min-height: 0; padding: 0; margin: 0; }\n');
  let driver: ChildProcess | undefined;
  const stopAll = () => {
    driver?.kill();
    xvfb.kill();
    rmSync(config, { recursive: true, force: true });
  };
  try {
    const { started, port } = await onFreePort(
      (port) => startDriver(port, { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: config }),
      (error) => error instanceof DriverEnded,
    );
    driver = started;
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'error',
      // WebKitGTK's own capability, which WebdriverIO's types do not list.
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        ...{ 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', `--enable-javascript=${javaScript}`] } },
      },
    });
    const absolute = (pathOrUrl: string) => new URL(pathOrUrl, baseURL).href;
    return {
      engine: 'webkit',
      async goto(pathOrUrl) {
        await browser.url(absolute(pathOrUrl));
      },
      url: async () => new URL(await browser.getUrl()),
      evaluate: async <T>(fn: string, ...args: unknown[]) => (await browser.execute(`return (${fn})(...arguments)`, ...args)) as T,
      async fill(selector, text) {
        const element = await browser.$(selector);
        await element.clearValue();
        await element.addValue(text);
      },
      async click(selector) {
        await (await browser.$(selector)).click();
      },
      async screenshot(selector) {
        const base64 = selector ? await (await browser.$(selector)).takeScreenshot() : await browser.takeScreenshot();
        return Buffer.from(base64, 'base64');
      },
      async setViewport(width, height) {
        await sizePage(browser, width, height);
        // The window's new size is painted a moment later; a screenshot at once shows the old layout.
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
      async close() {
        await browser.deleteSession().catch(() => undefined);
        stopAll();
      },
    };
  } catch (error) {
    stopAll();
    throw error;
  }
}
