/**
 * Error reporting (spec 8: error.general "also triggers error reporting"). A report names what
 * failed, on which screen, with which status; never a token, a password, a code or an address, and
 * never the page's query, which can hold a token (reset links, lcq).
 */
import { config } from '../config';

export interface ErrorReport {
  /** The screen, as named in the route table (spec 2). */
  screen: string;
  /** What failed, e.g. 'login' or 'sso-mode'. */
  operation: string;
  /** The HTTP status that made it a failure; 0 when the API could not be reached. */
  status?: number;
}

export function reportError(report: ErrorReport): void {
  console.error(`Frontdoor: ${report.operation} failed on ${report.screen} (status ${report.status ?? 'none'}).`);
  const url = config.errorReportUrl;
  if (!url || typeof fetch === 'undefined') return;
  const body = JSON.stringify({ ...report, path: location.pathname });
  // keepalive lets the report leave even when the page is about to be left.
  void fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true, credentials: 'omit' }).catch(() => {});
}
