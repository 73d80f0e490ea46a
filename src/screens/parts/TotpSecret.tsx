import { useMemo } from 'react';
import { useT } from '../../i18n/t';
import { useLive } from '../../flow/live';
import { drawQr, groupSecret, secretOf } from '../../platform/qr';

export interface TotpSecretProps {
  /** The otpauth:// URI of the secret offered, once there is one. */
  uri: string | undefined;
  busy: boolean;
  /** Asks for a new secret: clicking the QR code does (flows 4.6). */
  onRegenerate(): void;
}

/**
 * The secret an authenticator app reads (flows 4.6): its QR code, which makes a new one when clicked,
 * and the secret as text for those who cannot scan. MFASetup and NewAuthenticator show it.
 */
export function TotpSecret({ uri, busy, onRegenerate }: TotpSecretProps) {
  const t = useT();
  // Only the script makes a new secret: until the screen is live a click would do nothing.
  const live = useLive();
  const qr = useMemo(() => (uri ? drawQr(uri) : undefined), [uri]);
  const secret = uri ? secretOf(uri) : undefined;
  return (
    <div className="fd-mfa__code">
      <button type="button" className="fd-mfa__qr" onClick={onRegenerate} disabled={busy || !live} aria-label={t('page.mfa-setup.qr-regenerate')}>
        {qr ? (
          <svg viewBox={`0 0 ${qr.size} ${qr.size}`} width="184" height="184" shapeRendering="crispEdges" role="img" aria-label={t('page.mfa-setup.qr-alt')}>
            <rect width={qr.size} height={qr.size} fill="#fff" />
            <path d={qr.path} fill="#000" />
          </svg>
        ) : (
          <span className="fd-mfa__qr-placeholder" />
        )}
      </button>
      <p className="fd-mfa__qr-hint">{t('page.mfa-setup.qr-hint')}</p>
      {secret && (
        <p className="fd-mfa__secret">
          {t('page.mfa-setup.secret-label')} <code data-secret={secret}>{groupSecret(secret)}</code>
        </p>
      )}
    </div>
  );
}
