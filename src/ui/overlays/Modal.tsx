import type { ReactNode } from 'react';
import { Dialog, DialogDescription, DialogHeading } from '@ariakit/react';
import { cx } from '../internal/cx';
import { Overlay } from './Overlay';
import { useScrollLock } from './use-scroll-lock';

export interface ModalProps {
  open: boolean;
  /** Heading, already translated; it names the dialog for screen readers. */
  title: string;
  /** Text under the heading; it describes the dialog for screen readers. */
  message?: ReactNode;
  /** Called on Escape, and on a click on the background of a plain dialog. */
  onClose: () => void;
  /** `alertdialog` for a choice with consequences (confirmation, deletion): it wants an answer, so a
   * click on the background does not close it. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  children?: ReactNode;
}

/**
 * The dialog frame of the toolkit's modals: an Ariakit dialog (focus kept inside and given back on
 * close, Escape, background click) over a dark overlay, with the page's scroll locked (flows 4).
 *
 * @example
 * <Modal open={open} title={t('dialog.title')} message={t('dialog.text')} onClose={close}>…</Modal>
 */
export function Modal({ open, title, message, onClose, role = 'dialog', className, children }: ModalProps) {
  useScrollLock(open);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role={role}
      hideOnInteractOutside={role !== 'alertdialog'}
      preventBodyScroll={false}
      backdrop={<Overlay />}
      className={cx('fd-modal', className)}
    >
      <DialogHeading className="fd-modal__title">{title}</DialogHeading>
      {message && <DialogDescription className="fd-modal__message">{message}</DialogDescription>}
      {children}
    </Dialog>
  );
}
