/**
 * Asks the password worker (guessable-passwords-worker.ts) whether a password is guessable, so the
 * thread that answers requests never runs zxcvbn. One check runs at a time, bounded twice: no more
 * than MAX_WAITING_CHECKS wait their turn, and none runs longer than CHECK_TIMEOUT_MS; past either
 * the answer is `undefined` (not judged), and the caller goes on without a verdict
 * (server/auth/known-passwords.ts). A worker that ran past the bound is replaced, whatever it was
 * stuck on. One worker, started at the first check; checks wait until it has loaded its lists
 * (about 0.3 s and 90 MB), for at most LOAD_TIMEOUT_MS.
 */
import { Worker } from 'node:worker_threads';
import { READY, type CheckAnswer, type CheckRequest } from './guessable-passwords-messages';

/** Far above a check's tens of milliseconds. */
export const CHECK_TIMEOUT_MS = 2000;
/** Far above the lists' load. */
const LOAD_TIMEOUT_MS = 15_000;
/** A burst beyond this is not judged now: its passwords are judged at their next sign-in. */
export const MAX_WAITING_CHECKS = 64;

type Verdict = boolean | undefined;

interface Check {
  request: CheckRequest;
  settle: (verdict: Verdict) => void;
}

interface Running {
  thread: Worker;
  ready: boolean;
  loading: NodeJS.Timeout;
}

let worker: Running | undefined;
const waiting: Check[] = [];
let running: { check: Check; timer: NodeJS.Timeout } | undefined;
let lastId = 0;

function finish(verdict: Verdict) {
  if (!running) return;
  clearTimeout(running.timer);
  running.check.settle(verdict);
  running = undefined;
  next();
}

/**
 * Ends the worker: the check it ran is not judged, and the next one starts a new worker; a worker
 * that never loaded its lists leaves every waiting check unjudged instead.
 */
function replaceWorker() {
  const ended = worker;
  worker = undefined;
  if (ended) {
    clearTimeout(ended.loading);
    void ended.thread.terminate();
  }
  if (running) return finish(undefined);
  for (const check of waiting.splice(0)) check.settle(undefined);
}

function started(): Running {
  if (worker) return worker;
  const thread = new Worker(new URL('./guessable-passwords-worker.mjs', import.meta.url));
  const current: Running = { thread, ready: false, loading: setTimeout(() => worker === current && replaceWorker(), LOAD_TIMEOUT_MS) };
  thread.on('message', (message: CheckAnswer | typeof READY) => {
    if (message !== READY) return running?.check.request.id === message.id && finish(message.guessable ?? undefined);
    clearTimeout(current.loading);
    current.ready = true;
    next();
  });
  thread.on('error', () => worker === current && replaceWorker());
  thread.on('exit', () => worker === current && replaceWorker());
  // A check under way holds the process (its timer); an idle worker does not. After the listeners:
  // adding a 'message' listener holds the thread's port again.
  thread.unref();
  worker = current;
  return current;
}

function next() {
  if (running || waiting.length === 0) return;
  const current = started();
  const check = current.ready ? waiting.shift() : undefined;
  if (!check) return;
  running = { check, timer: setTimeout(() => worker === current && replaceWorker(), CHECK_TIMEOUT_MS) };
  current.thread.postMessage(check.request);
}

/** Is the password guessable, alone or without the person's own words? `undefined`: not judged. */
export function checkGuessable(password: string, ownWords: string[]): Promise<Verdict> {
  if (waiting.length >= MAX_WAITING_CHECKS) return Promise.resolve(undefined);
  return new Promise<Verdict>((settle) => {
    waiting.push({ request: { id: ++lastId, password, ownWords }, settle });
    next();
  });
}
