/** The worker thread that judges passwords (server/auth/password-checker.ts), one at a time. */
import { parentPort } from 'node:worker_threads';
import { isGuessableWith } from './guessable-passwords';

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

const answer = (message: CheckAnswer) => parentPort?.postMessage(message);

parentPort?.on('message', (request: CheckRequest) => {
  isGuessableWith(request.password, request.ownWords).then(
    (guessable) => answer({ id: request.id, guessable }),
    () => answer({ id: request.id, guessable: null }),
  );
});
