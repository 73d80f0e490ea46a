import { useState, type ReactNode } from 'react';
import { Dialog, DialogDismiss, DialogHeading } from '@ariakit/react';
import { cx } from '../internal/cx';
import { ConfirmationModal } from './ConfirmationModal';
import { Overlay } from './Overlay';
import { useScrollLock } from './use-scroll-lock';

/** Texts of the "leave without saving?" question, already translated. */
export interface SidePanelConfirmation {
  title: string;
  message?: string;
  leaveText: string;
  stayText: string;
}

export interface SidePanelProps {
  title: string;
  /** Accessible name of the close button, already translated. */
  closeLabel: string;
  /** Leaves the panel: a router adapter navigates to the parent route (see `sidePanelParent`). */
  onClose: () => void;
  /** When set, closing first asks this question; leaving closes, staying keeps the panel (flows 4). */
  confirmation?: SidePanelConfirmation;
  /** Actions shown at the bottom of the panel, such as Save. */
  footer?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/**
 * A panel sliding in from the side, shown by a child route: Escape, a click on the background or the
 * close button try to close it, through a confirmation when one is asked for; the page does not scroll
 * behind it (flows 2, 4). It knows no router: `onClose` does the navigation.
 *
 * @example
 * <SidePanel title={t('team.edit')} closeLabel={t('button.close')} onClose={() => navigate(sidePanelParent(location.pathname))}>…</SidePanel>
 */
export function SidePanel({ title, closeLabel, onClose, confirmation, footer, className, children }: SidePanelProps) {
  const [asking, setAsking] = useState(false);
  useScrollLock(true);
  const tryClose = () => (confirmation ? setAsking(true) : onClose());

  return (
    <Dialog open onClose={tryClose} preventBodyScroll={false} backdrop={<Overlay theme="dark" />} className={cx('fd-side-panel', className)}>
      <header className="fd-side-panel__header">
        <DialogHeading className="fd-side-panel__title">{title}</DialogHeading>
        <DialogDismiss className="fd-side-panel__close" aria-label={closeLabel}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </DialogDismiss>
      </header>
      <div className="fd-side-panel__body">{children}</div>
      {footer && <footer className="fd-side-panel__footer">{footer}</footer>}
      {/* Inside the panel, so Ariakit treats it as a nested dialog rather than a click outside. */}
      {confirmation && (
        <ConfirmationModal
          open={asking}
          title={confirmation.title}
          message={confirmation.message}
          confirmText={confirmation.leaveText}
          cancelText={confirmation.stayText}
          onConfirm={onClose}
          onCancel={() => setAsking(false)}
        />
      )}
    </Dialog>
  );
}
