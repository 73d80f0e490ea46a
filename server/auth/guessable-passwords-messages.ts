/** What the password worker (guessable-passwords-worker.ts) and its caller (password-checker.ts) say to each other. */
export interface CheckRequest {
  id: number;
  password: string;
  ownWords: string[];
}

/** `guessable` is null when the lists could not be loaded: nothing was judged. */
export interface CheckAnswer {
  id: number;
  guessable: boolean | null;
}

/** Said once, when the lists are loaded (or failed to load: each check then answers null). */
export const READY = 'ready';
