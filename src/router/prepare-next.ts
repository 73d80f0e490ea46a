/**
 * The next step's code and texts on their way while the person is still on this one: once they
 * engage with the step (a field focused or typed in, now or later), the move that follows a press
 * waits only for the step's call. The router does it for the row it shows (RouteRow.next;
 * docs/decisions/0018-one-round-trip-a-step.md).
 */
import type { To } from '../flow/paths';

const ENGAGING = ['focusin', 'input'] as const;

/** Prepares the move to `to` at the person's first focus or input in the page; answers how to stop waiting for it. */
export function prepareWhenEngaged(prepare: (to: To) => void, to: To): () => void {
  const stop = () => {
    for (const type of ENGAGING) document.removeEventListener(type, engaged, true);
  };
  function engaged() {
    stop();
    prepare(to);
  }
  // A field focused before the screen took over (typed in, or autofocused) is engagement already.
  if (document.activeElement instanceof HTMLInputElement) {
    engaged();
    return stop;
  }
  for (const type of ENGAGING) document.addEventListener(type, engaged, true);
  return stop;
}
