import { useEffect, useRef, useState } from 'react';
import { Button, useFormModel } from '@frontdoor/ui';
import { t as translate, useT } from '../../i18n/t';
import { copyText, downloadText } from '../../platform/text-file';

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** The account the codes are for: in the file's name and title. */
  account: string;
  /** Once they are saved; a move it answers keeps Continue busy until the next screen is shown. */
  onContinue(): Promise<void> | void;
}

/** The file's name: the product and the account, e.g. frontdoor-recovery-codes-ada@example.com.txt. */
export function recoveryCodesFileName(account: string): string {
  return `${translate('app.name').toLowerCase()}-recovery-codes-${account}.txt`;
}

/** The codes as text, for the clipboard and the file: a title, one code a line, what they are for. */
function recoveryCodesText(codes: readonly string[], account: string): string {
  const title = translate('page.recovery-codes.file-title', { product: translate('app.name'), account });
  return [title, '', ...codes, '', translate('page.recovery-codes.file-note'), ''].join('\n');
}

/**
 * The recovery codes just made, shown once on the recovery codes screen (flows 4.6): a list to read,
 * Copy, Download and Print, and Continue only once "I have saved these codes" is ticked. Copying is
 * announced in a live region.
 */
export function RecoveryCodesPanel({ codes, account, onContinue }: RecoveryCodesPanelProps) {
  const t = useT();
  const [copied, setCopied] = useState<'copied' | 'copy-failed'>();
  const form = useFormModel({ initialValues: { saved: false }, required: ['saved'], onSubmit: onContinue });
  const list = useRef<HTMLOListElement>(null);
  // Shown once: the page the browser keeps for Back (its back/forward cache) is kept as it is when
  // left, before any render could take them off, so the list leaves the page itself.
  useEffect(() => {
    const hide = () => list.current?.setAttribute('hidden', '');
    addEventListener('pagehide', hide);
    return () => removeEventListener('pagehide', hide);
  }, []);

  async function copy() {
    setCopied((await copyText(recoveryCodesText(codes, account))) ? 'copied' : 'copy-failed');
  }

  return (
    <form ref={form.ref} className="fd-card fd-recovery-codes" noValidate>
      <h1>{t('page.recovery-codes.heading')}</h1>
      <p className="fd-card__intro">{t('page.recovery-codes.intro')}</p>
      <ol ref={list} className="fd-recovery-codes__list" aria-label={t('page.recovery-codes.list')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="fd-recovery-codes__tools">
        <Button variant="quiet" onClick={() => void copy()}>
          {t('page.recovery-codes.copy')}
        </Button>
        <Button variant="quiet" onClick={() => downloadText(recoveryCodesFileName(account), recoveryCodesText(codes, account))}>
          {t('page.recovery-codes.download')}
        </Button>
        <Button variant="quiet" onClick={() => window.print()}>
          {t('page.recovery-codes.print')}
        </Button>
      </div>
      <p className="fd-card__status" role="status">
        {copied ? t(`page.recovery-codes.${copied}`) : ''}
      </p>
      <label className="fd-check">
        <input type="checkbox" name="saved" required={form.field('saved').required} />
        <span className="fd-required">{t('page.recovery-codes.saved')}</span>
      </label>
      <Button type="submit" enabled={form.valid} busy={form.submitting} busyLabel={t('app.busy')}>
        {t('button.continue')}
      </Button>
    </form>
  );
}
