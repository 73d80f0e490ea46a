import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../button/Button';
import { Modal } from './Modal';

export interface DeletionModalProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  /** The warning banner (flows 4), such as "This cannot be undone." */
  warning: string;
  /** What must be typed, exactly, to delete (flows 4). */
  referenceText: string;
  /** Label of the input, already translated and naming the reference text. */
  inputLabel: string;
  /** Error shown when the typed text is not the reference text. */
  mismatchError: string;
  deleteText: string;
  cancelText: string;
  onDelete: () => void;
  onCancel: () => void;
}

/**
 * Confirms a deletion by having the reference text typed exactly (flows 4): a mismatch marks the input
 * in error and deletes nothing. A warning banner says what is at stake.
 *
 * @example
 * <DeletionModal open={open} title={t('delete.title')} warning={t('delete.warning')} referenceText={team.name} inputLabel={t('delete.type-name', { name: team.name })} mismatchError={t('delete.mismatch')} deleteText={t('button.delete')} cancelText={t('button.keep')} onDelete={remove} onCancel={close} />
 */
export function DeletionModal(props: DeletionModalProps) {
  const { open, title, message, warning, referenceText, inputLabel, mismatchError, deleteText, cancelText, onDelete, onCancel } = props;
  const id = useId();
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setTyped('');
    setMismatch(false);
    setDeleted(false);
  }, [open]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed !== referenceText) return setMismatch(true);
    setDeleted(true);
    onDelete();
  }

  return (
    <Modal open={open} title={title} message={message} onClose={onCancel} role="alertdialog" className="fd-deletion">
      <p className="fd-deletion__warning" role="note">
        {warning}
      </p>
      <form onSubmit={submit} noValidate>
        <div className="fd-field">
          <label className="fd-field__label" htmlFor={`${id}-input`}>
            {inputLabel}
          </label>
          <input
            id={`${id}-input`}
            className="fd-field__input"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            aria-invalid={mismatch || undefined}
            aria-describedby={mismatch ? `${id}-error` : undefined}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setMismatch(false);
            }}
          />
          <p id={`${id}-error`} className="fd-field__error" aria-live="polite">
            {mismatch ? mismatchError : ''}
          </p>
        </div>
        <div className="fd-modal__actions">
          <Button variant="quiet" onClick={onCancel}>
            {cancelText}
          </Button>
          <Button type="submit" theme="cta" enabled={!deleted}>
            {deleteText}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
