/** The worker thread that judges passwords (server/auth/password-checker.ts), one at a time, once its lists are loaded. */
import { parentPort } from 'node:worker_threads';
import { isGuessableWith, loadChecker } from './guessable-passwords';
import { READY, type CheckAnswer, type CheckRequest } from './guessable-passwords-messages';

const answer = (message: CheckAnswer | typeof READY) => parentPort?.postMessage(message);

void loadChecker().then(
  () => answer(READY),
  () => answer(READY),
);

parentPort?.on('message', (request: CheckRequest) => {
  isGuessableWith(request.password, request.ownWords).then(
    (guessable) => answer({ id: request.id, guessable }),
    () => answer({ id: request.id, guessable: null }),
  );
});
