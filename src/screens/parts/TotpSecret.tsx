import { useMemo } from 'react';
import { useT } from '../../i18n/t';
import { useLive } from '../../flow/live';
import { drawQr, groupSecret, secretOf } from '../../platform/qr';

/** As long as the secrets the server makes (160 bits in base32), in a font of even widths: the place a secret takes. */
const PENDING_SECRET = 'A'.repeat(32);

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
      {/* Its place is kept, unseen, while the secret is on its way: nothing under it moves when it
          comes, under a pointer about to press Skip or Continue. */}
      <p className={secret ? 'fd-mfa__secret' : 'fd-mfa__secret fd-mfa__secret--pending'} aria-hidden={secret ? undefined : true}>
        {t('page.mfa-setup.secret-label')} <code data-secret={secret}>{groupSecret(secret ?? PENDING_SECRET)}</code>
      </p>
    </div>
  );
}
