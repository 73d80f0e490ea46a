import { atom } from 'nanostores';

/** The raw session token the API client sends as bearer (spec section 3, "Session token"). */
export const $token = atom<string | undefined>(undefined);

export function setToken(token: string | undefined): void {
  $token.set(token);
}
