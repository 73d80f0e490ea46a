import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../button/Button';
import { Modal } from './Modal';

export interface ConfirmationModalProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmText: string;
  cancelText: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Label of a checkbox that must be ticked before confirming (extra confirmation, flows 4). */
  extraConfirmation?: string;
}

/**
 * Asks for a yes or no. The confirm button is disabled after one click, so a double click acts once,
 * and until the extra checkbox is ticked when one is asked for (flows 4).
 *
 * @example
 * <ConfirmationModal open={open} title={t('leave.title')} confirmText={t('button.continue')} cancelText={t('button.cancel')} onConfirm={leave} onCancel={stay} />
 */
export function ConfirmationModal({ open, title, message, confirmText, cancelText, onConfirm, onCancel, extraConfirmation }: ConfirmationModalProps) {
  const [confirmed, setConfirmed] = useState(false);
  const [ticked, setTicked] = useState(false);
  useEffect(() => {
    if (!open) return;
    setConfirmed(false);
    setTicked(false);
  }, [open]);

  return (
    <Modal open={open} title={title} message={message} onClose={onCancel} role="alertdialog" className="fd-confirmation">
      {extraConfirmation && (
        <label className="fd-modal__check">
          <input type="checkbox" checked={ticked} onChange={(event) => setTicked(event.currentTarget.checked)} />
          <span>{extraConfirmation}</span>
        </label>
      )}
      <div className="fd-modal__actions">
        <Button variant="quiet" onClick={onCancel}>
          {cancelText}
        </Button>
        <Button
          enabled={!confirmed && (!extraConfirmation || ticked)}
          onClick={() => {
            setConfirmed(true);
            onConfirm();
          }}
        >
          {confirmText}
        </Button>
      </div>
    </Modal>
  );
}
