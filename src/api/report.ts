/**
 * Error reporting (flows 8: error.general "also triggers error reporting"), through the one API
 * client to the contract's reportClientError: `{message, screen, code?, status?}`. A report names
 * what failed, on which screen, with which status; never a token, a password, a code or an
 * address, and never the page's query, which can hold a token (reset links, lcq).
 */
import { api } from './client';
import type { components } from '../../openapi/auth';
import type { TextKey } from '../i18n/text-keys';

export type ClientErrorReport = components['schemas']['ClientErrorReport'];

export interface ErrorReport {
  /** The screen, as named in the route table (flows 2). */
  screen: string;
  /** What failed, e.g. 'login' or 'sso-mode'. */
  operation: string;
  /** The HTTP status that made it a failure; 0 when the API could not be reached. */
  status?: number;
  /** The message key the user was shown; error.general unless said. */
  code?: TextKey;
}

/** The report as the contract takes it, its message in English for people reading the log. */
export function clientErrorReport(report: ErrorReport): ClientErrorReport {
  const { operation, screen, code = 'error.general', status } = report;
  // Status 0: no answer came (the contract's ClientErrorReport); an undefined status is left out of the JSON.
  return { message: `${operation} failed${status === undefined ? '' : ` with status ${status}`}`, screen, code, status };
}

/** Logs the failure and sends its report; a report that cannot leave is only logged. */
export async function reportError(report: ErrorReport, client: Pick<typeof api, 'POST'> = api): Promise<void> {
  const body = clientErrorReport(report);
  console.error(`Frontdoor: ${body.message} on ${body.screen}.`);
  try {
    // keepalive lets the report leave even when the page is about to be left.
    await client.POST('/client-errors', { body, parseAs: 'text', keepalive: true, credentials: 'omit' });
  } catch {
    // Nowhere left to report to.
  }
}
