import { useRef, useState, type ReactNode } from 'react';
import { Button, CodeField, useFormModel } from '@frontdoor/ui';
import { useT } from '../../i18n/t';
import { clearToast, showToast } from '../../stores/toast';
import { MFA_CODE_LENGTH, isMfaCode } from '../../../rules/mfa-code';

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
  // The API refused the code: the field says so until the next one is typed.
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const form = useFormModel({
    initialValues: { code: '' },
    validate: ({ code }) => ({ code: isMfaCode(code) ? [] : ['error.invalid-code'] }),
    required: ['code'],
    onSubmit: async ({ code }) => {
      clearToast();
      if ((await send(code)) !== 'invalid') return;
      setRefused(true);
      form.setValue('code', '');
      showToast(t('error.invalid-code'), 'error');
      input.current?.focus();
    },
  });
  const code = form.field('code');

  return (
    <form ref={form.ref} className="fd-card" noValidate>
      <h1>{heading}</h1>
      <p className="fd-card__intro">{intro}</p>
      {children}
      <CodeField
        ref={input}
        label={t('field.code.label')}
        name="code"
        length={MFA_CODE_LENGTH}
        required={code.required}
        autoFocus
        value={form.values.code}
        setValue={(value) => {
          form.setValue('code', value);
          setRefused(false);
        }}
        errors={refused ? [t('error.invalid-code')] : undefined}
      />
      <div className="fd-card__actions">
        <Button variant="quiet" onClick={onBack}>
          {t('button.back')}
        </Button>
        <Button type="submit" enabled={form.valid} busy={form.submitting} busyLabel={t('app.busy')}>
          {t('button.continue')}
        </Button>
      </div>
    </form>
  );
}
