/**
 * One page in a browser engine, as the shared stories drive it (e2e/engines/shared-stories.spec.ts):
 * the few things Chromium (Playwright), Firefox (WebDriver BiDi, puppeteer-core) and WebKit
 * (classic WebDriver, WebdriverIO) all do the same way. Elements are found by CSS selectors;
 * e2e/engines/page-actions.ts finds them by what a person reads (a label, a button's name).
 */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

export interface EnginePage {
  readonly engine: EngineName;
  /** Opens a path of the front door (or an absolute URL) and waits for its load event. */
  goto(pathOrUrl: string): Promise<void>;
  url(): Promise<URL>;
  /** Runs a function's source in the page with JSON arguments, and answers its JSON result. */
  evaluate<T>(fn: string, ...args: unknown[]): Promise<T>;
  /** Types into the element, as keys, after clearing it. */
  fill(selector: string, text: string): Promise<void>;
  /** A pointer click in the middle of the element. */
  click(selector: string): Promise<void>;
  /** A PNG of the element's pixels. */
  screenshot(selector?: string): Promise<Buffer>;
  /** The browser window's inner width, the viewport a phone or a desktop gives. */
  setViewport(width: number, height: number): Promise<void>;
  close(): Promise<void>;
}

export interface EngineOptions {
  baseURL: string;
  /** false: the engine runs no script at all (the first paint, and the form without script). */
  javaScript: boolean;
}
