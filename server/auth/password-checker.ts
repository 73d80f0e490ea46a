/**
 * Asks the password worker (guessable-passwords-worker.ts) whether a password is guessable, so the
 * thread that answers requests never runs zxcvbn. One check runs at a time, bounded twice: no more
 * than MAX_WAITING_CHECKS wait their turn, and none runs longer than CHECK_TIMEOUT_MS; past either
 * the answer is `undefined` (not judged), and the caller goes on without a verdict
 * (server/auth/known-passwords.ts). A worker that ran past the bound is replaced, whatever it was
 * stuck on. One worker, started at the first check: its lists take about 90 MB.
 */
import { Worker } from 'node:worker_threads';
import type { CheckAnswer, CheckRequest } from './guessable-passwords-worker';

/** Far above a check's tens of milliseconds (and the lists' first load, about 0.3 s). */
export const CHECK_TIMEOUT_MS = 2000;
/** A burst beyond this is not judged now: its passwords are judged at their next sign-in. */
export const MAX_WAITING_CHECKS = 64;

type Verdict = boolean | undefined;

interface Check {
  request: CheckRequest;
  settle: (verdict: Verdict) => void;
}

let worker: Worker | undefined;
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

/** Ends the worker: the check it ran is not judged; the next one starts a new worker. */
function replaceWorker() {
  const ended = worker;
  worker = undefined;
  void ended?.terminate();
  finish(undefined);
}

function started(): Worker {
  if (worker) return worker;
  const thread = new Worker(new URL('./guessable-passwords-worker.mjs', import.meta.url));
  // A running check holds the process (its timer); an idle worker does not.
  thread.unref();
  thread.on('message', (answer: CheckAnswer) => running?.check.request.id === answer.id && finish(answer.guessable ?? undefined));
  thread.on('error', () => worker === thread && replaceWorker());
  thread.on('exit', () => worker === thread && replaceWorker());
  worker = thread;
  return thread;
}

function next() {
  const check = running ? undefined : waiting.shift();
  if (!check) return;
  const thread = started();
  running = { check, timer: setTimeout(() => worker === thread && replaceWorker(), CHECK_TIMEOUT_MS) };
  thread.postMessage(check.request);
}

/** Is the password guessable, alone or without the person's own words? `undefined`: not judged. */
export function checkGuessable(password: string, ownWords: string[]): Promise<Verdict> {
  if (waiting.length >= MAX_WAITING_CHECKS) return Promise.resolve(undefined);
  return new Promise<Verdict>((settle) => {
    waiting.push({ request: { id: ++lastId, password, ownWords }, settle });
    next();
  });
}
