import type { ToastMessage } from './toaster';

export interface ToastProps {
  /** The toast to show, if any (from `createToaster().$toast`). */
  toast: ToastMessage | undefined;
  /** Dismisses the toast. */
  onClose(): void;
  /** Accessible name of the close button, already translated. */
  closeLabel: string;
}

/**
 * Shows the current toast. Both live regions stay in the page, so screen readers announce a toast
 * when it appears: errors assertively (role=alert), the rest politely (role=status).
 *
 * @example
 * <Toast toast={useStore($toast)} onClose={clearToast} closeLabel={t('button.close')} />
 */
export function Toast({ toast, onClose, closeLabel }: ToastProps) {
  const body = (tone: 'error' | 'polite') =>
    toast && (toast.tone === 'error') === (tone === 'error') ? (
      <div key={toast.id} className={`fd-toast fd-toast--${toast.tone}`}>
        <p className="fd-toast__message">{toast.message}</p>
        <button type="button" className="fd-toast__close" onClick={onClose} aria-label={closeLabel}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    ) : null;
  return (
    <div className="fd-toast-region">
      <div role="alert">{body('error')}</div>
      <div role="status">{body('polite')}</div>
    </div>
  );
}
