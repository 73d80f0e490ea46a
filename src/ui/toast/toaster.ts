/**
 * Toast events (flows 4 "Shared behaviours"): a message shows until it is replaced, dismissed or
 * 10 seconds have passed (flows 9); an empty message is not shown: it warns on the console and
 * clears the toast (flows 8).
 */
import { atom, type ReadableAtom } from 'nanostores';

export const TOAST_DURATION_MS = 10_000;

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastMessage {
  message: string;
  tone: ToastTone;
  /** Tells two toasts with the same text apart, so a repeated message is announced again. */
  id: number;
}

export interface Toaster {
  $toast: ReadableAtom<ToastMessage | undefined>;
  showToast(message: string, tone?: ToastTone): void;
  clearToast(): void;
}

/**
 * @example
 * const { $toast, showToast } = createToaster();
 * showToast(t('page.password-update.message-success'), 'success');
 */
export function createToaster(durationMs: number = TOAST_DURATION_MS): Toaster {
  const $toast = atom<ToastMessage | undefined>(undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let count = 0;

  function clearToast() {
    clearTimeout(timer);
    $toast.set(undefined);
  }

  function showToast(message: string, tone: ToastTone = 'info') {
    if (!message.trim()) {
      console.warn('Could not display empty toast message');
      clearToast();
      return;
    }
    clearTimeout(timer);
    count += 1;
    $toast.set({ message, tone, id: count });
    timer = setTimeout(clearToast, durationMs);
  }

  return { $toast, showToast, clearToast };
}
