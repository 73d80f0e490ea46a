import { useRef, useState, type ReactNode } from 'react';
import { Button, CodeField, Field, useFormModel } from '@frontdoor/ui';
import { useT } from '../../i18n/t';
import { useLive } from '../../flow/live';
import { clearToast, showToast } from '../../stores/first-view/toast';
import { MFA_CODE_LENGTH, isMfaCode } from '../../../rules/mfa-code';
import { isRecoveryCode } from '../../../rules/recovery-code';
import { codePasteTexts } from './code-paste-texts';

export interface CodeStepProps {
  heading: string;
  intro: ReactNode;
  /** Sends the code; answers 'invalid' for a wrong or used code (flows 4.3, 8). */
  send(code: string): Promise<'invalid' | 'done'>;
  onBack(): void;
  /** The texts of the recovery code that may stand in for the code; without them, the step asks for the 6 digits only (flows 4.5). */
  recovery?: RecoveryCodeTexts;
  children?: ReactNode;
}

/** Already translated, by the screen that offers recovery codes. */
export interface RecoveryCodeTexts {
  intro: ReactNode;
  label: string;
  hint: string;
  /** The switch to the recovery code, and back to the app's code. */
  useRecoveryCode: string;
  useAppCode: string;
}

type CodeKind = 'totp' | 'recovery';

/**
 * The step that asks for a 6-digit code (MFALogin, MFASetupConfirmation): Back and Continue,
 * Continue only at 6 digits (flows 5); a wrong code says "Invalid code." (flows 8) and starts over; a
 * paste the boxes cannot take whole says why (flows 5).
 * Where a recovery code may stand in (flows 4.5), "Use a recovery code" turns the 6 boxes into one
 * text field, and back.
 */
export function CodeStep({ recovery, ...props }: CodeStepProps) {
  const [kind, setKind] = useState<CodeKind>('totp');
  // Each kind is a form of its own: its rule, its value and its refusal start afresh.
  return (
    <CodeForm
      key={kind}
      {...props}
      kind={kind}
      intro={kind === 'recovery' && recovery ? recovery.intro : props.intro}
      recovery={recovery}
      onSwitch={() => setKind(kind === 'totp' ? 'recovery' : 'totp')}
    />
  );
}

function CodeForm({ heading, intro, send, onBack, children, recovery, kind, onSwitch }: CodeStepProps & { kind: CodeKind; onSwitch: () => void }) {
  const t = useT();
  const live = useLive();
  // The API refused the code: the field says so until the next one is typed.
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const form = useFormModel({
    initialValues: { code: '' },
    validate: ({ code }) => ({ code: (kind === 'totp' ? isMfaCode(code) : isRecoveryCode(code)) ? [] : ['error.invalid-code'] }),
    required: ['code'],
    onSubmit: async ({ code }) => {
      clearToast();
      if ((await send(code)) !== 'invalid') return;
      setRefused(true);
      form.setValue('code', '');
      if (input.current && kind === 'recovery') input.current.value = '';
      showToast(t('error.invalid-code'), 'error');
      input.current?.focus();
    },
  });
  const code = form.field('code');
  const errors = refused ? [t('error.invalid-code')] : undefined;

  return (
    // Before the script the browser checks the form, and a press waits for the takeover (scripts/prerender/start-scripts.ts).
    <form ref={form.ref} className="fd-card" noValidate={live}>
      <h1>{heading}</h1>
      <p className="fd-card__intro">{intro}</p>
      {children}
      {kind === 'totp' || !recovery ? (
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
          errors={errors}
          pasteTexts={codePasteTexts()}
        />
      ) : (
        <Field
          ref={input}
          label={recovery.label}
          hint={recovery.hint}
          name="code"
          className="fd-recovery-code-field"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required={code.required}
          autoFocus
          onInput={() => setRefused(false)}
          errors={errors}
        />
      )}
      {recovery && (
        // A way to another kind of code, not a step: it reads as a link. It and Back are the
        // script's: until the screen is live a click would do nothing.
        <button type="button" className="fd-link fd-text-button fd-card__switch" onClick={onSwitch} disabled={!live}>
          {kind === 'totp' ? recovery.useRecoveryCode : recovery.useAppCode}
        </button>
      )}
      <div className="fd-card__actions">
        <Button variant="quiet" onClick={onBack} enabled={live}>
          {t('button.back')}
        </Button>
        <Button type="submit" enabled={!live || form.valid} busy={form.submitting} busyLabel={t('app.busy')}>
          {t('button.continue')}
        </Button>
      </div>
    </form>
  );
}
