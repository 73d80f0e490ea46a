/**
 * What the benchmark asks of a browser, so one sign-in (sign-in-run.ts) runs alike in Chromium
 * (chromium-engine.ts: Playwright, the DevTools protocol's network and CPU emulation) and Firefox
 * (firefox-engine.ts: WebDriver BiDi, the network shaped by the benchmark's proxy).
 */
import type { Requests } from './conditions';
import type { Probe } from './probe';

export interface BenchTab {
  /** Every request the tab sent to the network, in order, each at the time it was made. */
  readonly requests: Requests;
  /** What the probe saw in the tab's documents (probe.ts). */
  readonly reports: Probe;
  /** Asks for the page, and returns once the request is under way: the sign-in waits for its fields, not its load. */
  open(url: string): Promise<void>;
  click(x: number, y: number): Promise<void>;
  /** Text into the focused field: in one input, or key by key as a person types a code. */
  type(text: string, keyByKey: boolean): Promise<void>;
  pressEnter(): Promise<void>;
  url(): string;
  /** What the page says, for the message of a step that never came. */
  text(): Promise<string>;
  close(): Promise<void>;
}

/** A browser profile of its own: its cookies, its storage and its HTTP cache. */
export interface BenchSession {
  newTab(): Promise<BenchTab>;
  /** A cookie for the URL's host alone, on path /, SameSite=Strict. */
  addCookie(cookie: { name: string; value: string; url: string; secure: boolean; expires: Date }): Promise<void>;
  /** Every cookie, and the origin's storage as the tab sees it, go; the HTTP cache stays. */
  forget(origin: string, tab: BenchTab): Promise<void>;
  /** Records a trace of what the tab does meanwhile, where the engine can (Chromium). */
  traced?<T>(tab: BenchTab, path: string, during: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface BenchEngine {
  /** "Chromium" or "Firefox", as the tables name it. */
  readonly name: string;
  /** The browser, its version, how it is driven and conditioned, for the figures' heading. */
  readonly described: string;
  newSession(): Promise<BenchSession>;
  close(): Promise<void>;
}
