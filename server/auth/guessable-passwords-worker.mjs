// Starts the password worker (guessable-passwords-worker.ts): a worker thread does not inherit the
// TypeScript loader the server runs under, so it registers its own first.
import { register } from 'tsx/esm/api';

register();
await import('./guessable-passwords-worker.ts');
