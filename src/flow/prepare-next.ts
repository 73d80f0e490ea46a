/**
 * The next step's code and texts on their way while the person is still on this one: once they
 * engage with the step (a field focused or typed in, now or later), the move that follows a press
 * waits only for the step's call (docs/decisions/0018-one-round-trip-a-step.md).
 */
import type { Flow } from './flow';
import type { To } from './paths';

const ENGAGING = ['focusin', 'input'] as const;

/** Prepares the move to `to` at the person's first focus or input in the page; answers how to stop waiting for it. */
export function prepareWhenEngaged(flow: Flow, to: To): () => void {
  const stop = () => {
    for (const type of ENGAGING) document.removeEventListener(type, engaged, true);
  };
  function engaged() {
    stop();
    flow.prepare(to);
  }
  // A field focused before the screen took over (typed in, or autofocused) is engagement already.
  if (document.activeElement instanceof HTMLInputElement) {
    engaged();
    return stop;
  }
  for (const type of ENGAGING) document.addEventListener(type, engaged, true);
  return stop;
}
