import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, CodeField, CODE_LENGTH } from '@frontdoor/ui';
import { useT } from '../../i18n/t';
import { clearToast, showToast } from '../../stores/toast';

export interface CodeStepProps {
  heading: string;
  intro: ReactNode;
  /** Sends the code; answers 'invalid' for a wrong or used code (flows 4.3, 8). */
  send(code: string): Promise<'invalid' | 'done'>;
  onBack(): void;
  children?: ReactNode;
}

/**
 * The step that asks for a 6-digit code (MFALogin, MFASetupConfirmation): Back and Continue,
 * Continue only at 6 digits (flows 5); a wrong code says "Invalid code." (flows 8) and starts over.
 */
export function CodeStep({ heading, intro, send, onBack, children }: CodeStepProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH || busy) return;
    clearToast();
    setBusy(true);
    const answer = await send(code);
    setBusy(false);
    if (answer === 'invalid') {
      setInvalid(true);
      setCode('');
      showToast(t('error.invalid-code'), 'error');
      form.current?.querySelector('input')?.focus();
    }
  }

  return (
    <form ref={form} className="fd-card" onSubmit={submit} noValidate>
      <h1>{heading}</h1>
      <p className="fd-card__intro">{intro}</p>
      {children}
      <CodeField
        label={t('field.code.label')}
        name="code"
        required
        autoFocus
        value={code}
        setValue={(value) => {
          setCode(value);
          setInvalid(false);
        }}
        errors={invalid ? [t('error.invalid-code')] : undefined}
      />
      <div className="fd-card__actions">
        <Button variant="quiet" onClick={onBack}>
          {t('button.back')}
        </Button>
        <Button type="submit" enabled={code.length === CODE_LENGTH} busy={busy} busyLabel={t('app.busy')}>
          {t('button.continue')}
        </Button>
      </div>
    </form>
  );
}
