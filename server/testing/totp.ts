import { TOTP_PERIOD_SECONDS } from '../auth/totp';

/**
 * Waits, when a 30-second step is about to end, for the next one to begin, so a test that sends the
 * previous step's code cannot see it turn into an older one on the way.
 */
export async function awayFromStepBoundary(marginMs = 2000): Promise<void> {
  const period = TOTP_PERIOD_SECONDS * 1000;
  const left = period - (Date.now() % period);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Waits for the next 30-second step to begin: a step's code is taken once per user. */
export async function nextStep(): Promise<void> {
  const period = TOTP_PERIOD_SECONDS * 1000;
  await new Promise((resolve) => setTimeout(resolve, period - (Date.now() % period) + 50));
}
