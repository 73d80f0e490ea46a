/**
 * What a screen does with an answer it did not expect: the general error toast, and a report
 * (flows 8); a refusal for too many attempts says how long to wait instead, and an account that
 * signs in nowhere says so.
 */
import { t } from '../i18n/t';
import { ensureDictionary } from '../i18n/locale';
import { showToast } from '../stores/first-view/toast';
import { reportError } from '../api/report';
import type { Failed, RateLimited } from '../api/request';

/** Minutes or seconds to wait, in words of the interface language. */
function waitText(seconds: number): string {
  return seconds >= 90 ? t('time.minutes', { count: Math.ceil(seconds / 60) }) : t('time.seconds', { count: seconds });
}

export function showFailure(screen: string, operation: string, result: Failed | RateLimited | { kind: 'unknown-mode' }): void {
  if (result.kind === 'rate-limited') {
    showToast(t('error.too-many-attempts', { time: waitText(result.retryAfterSeconds) }), 'error');
    return;
  }
  // Who the person is was proved, and their account signs in nowhere: nothing went wrong to report.
  // Its words are not among those every page carries (src/router/route-table.ts, ANSWER_TEXTS): a press
  // may come before the whole dictionary has.
  if (result.kind === 'failed' && result.code === 'account_disabled') {
    void ensureDictionary().then(() => showToast(t('refused.account-disabled'), 'error'));
    return;
  }
  showToast(t('error.general'), 'error');
  void reportError({ screen, operation, ...(result.kind === 'failed' ? { status: result.status } : {}) });
}
