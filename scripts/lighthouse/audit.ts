/**
 * One Lighthouse run of one page: the performance category on Lighthouse's defaults,
 * the mobile form factor with simulated slow 4G and a 4x slower CPU, in Debian's Chromium started
 * afresh for each run with the flags the end-to-end tests use offline (e2e/chromium.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromiumLaunchOptions, requireChromium } from '../../e2e/chromium';

export interface Figures {
  /** 0 to 100. */
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes over the wire, compressed as sent. */
  bytes: number;
}

const numeric = (lhr: Result, audit: string): number => {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse gave no ${audit} for ${lhr.finalDisplayedUrl}: ${lhr.audits[audit]?.errorMessage ?? 'no audit'}`);
  return value;
};

/** What a run's report says about its figures: the LCP element and the long tasks behind TBT. */
export interface Diagnosis {
  lcpElement: string;
  /** Simulated, as Lighthouse lists them: [script or 'Unattributable', start ms, duration ms]. */
  longTasks: [string, number, number][];
  /** First paint in the unthrottled load Lighthouse observed, ms after navigation. */
  observedFcp: number;
  /**
   * Scripts that had arrived before that paint. Lantern counts every such file as needed for the
   * paints it simulates, unless it can prove the script ran later, which it cannot for module
   * scripts (it looks for EvaluateScript events, and modules have none): on slow 4G their bytes
   * then come before FCP and LCP.
   */
  scriptsBeforePaint: { count: number; bytes: number };
}

interface TableDetails {
  items?: { node?: { selector?: string; nodeLabel?: string }; items?: unknown[] }[];
}

export function diagnosisOf(lhr: Result): Diagnosis {
  const details = lhr.audits['largest-contentful-paint-element']?.details as TableDetails | undefined;
  const table = details?.items?.[0] as TableDetails | undefined;
  const node = table?.items?.[0]?.node ?? details?.items?.[0]?.node;
  const longTasks = ((lhr.audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined)?.items ?? []).map(
    (task): [string, number, number] => [task.url.replace(/^https?:\/\/[^/]+/, ''), Math.round(task.startTime), Math.round(task.duration)],
  );
  const observedFcp =
    (lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items?.[0]?.observedFirstContentfulPaint ?? NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; networkEndTime?: number; transferSize?: number }[] } | undefined)?.items ??
    [];
  const early = requests.filter((request) => request.resourceType === 'Script' && (request.networkEndTime ?? Infinity) <= observedFcp);
  return {
    lcpElement: node ? `${node.selector ?? '?'} "${node.nodeLabel ?? ''}"` : 'none',
    longTasks,
    observedFcp,
    scriptsBeforePaint: { count: early.length, bytes: early.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) },
  };
}

export function figuresOf(lhr: Result): Figures {
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined)
    throw new Error(`Lighthouse gave no performance score for ${lhr.finalDisplayedUrl}: ${lhr.runtimeError?.message ?? ''}`);
  return {
    score: Math.round(score * 100),
    fcp: numeric(lhr, 'first-contentful-paint'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    bytes: numeric(lhr, 'total-byte-weight'),
  };
}

/** Audits url once and keeps the whole report as JSON in reportFile, for a closer look. */
export async function audit(url: string, reportFile: string, profileDir: string): Promise<{ figures: Figures; diagnosis: Diagnosis }> {
  mkdirSync(profileDir, { recursive: true });
  const chrome = await launch({
    chromePath: requireChromium(),
    chromeFlags: chromiumLaunchOptions.args,
    userDataDir: profileDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    mkdirSync(join(reportFile, '..'), { recursive: true });
    writeFileSync(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return { figures: figuresOf(result.lhr), diagnosis: diagnosisOf(result.lhr) };
  } finally {
    chrome.kill();
  }
}
