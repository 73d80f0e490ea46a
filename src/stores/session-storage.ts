/**
 * Atoms mirrored to the session-storage keys of flows 3 (context, token, policy, secret, email,
 * recovery-codes-shown) and the password notice's (flows 4.17), so a reload in the middle of a flow keeps its step. Storage is read by
 * `restoreFromSessionStorage`, called once the page runs in a browser, never at import time (the
 * screens also render at build time).
 */
import { atom, type WritableAtom } from 'nanostores';

export type SessionStorageKey = 'context' | 'token' | 'policy' | 'secret' | 'email' | 'recovery-codes-shown' | 'password-notice';

const restorers: (() => void)[] = [];

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage can be refused (privacy settings, sandboxed frames): the flow then lives in memory.
    return undefined;
  }
}

export function sessionStored(key: SessionStorageKey): WritableAtom<string | undefined> {
  const $value = atom<string | undefined>(undefined);
  $value.listen((value) => {
    if (value === undefined) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  });
  restorers.push(() => $value.set(storage()?.getItem(key) ?? undefined));
  return $value;
}

export function restoreFromSessionStorage(): void {
  for (const restore of restorers) restore();
}
