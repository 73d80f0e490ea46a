/**
 * How many times the API has refused the session's token in this page: the session counts them
 * (src/stores/session.ts), a guarded screen listens (src/flow/refusal.ts). Apart from the session,
 * so a page's first view listens without the session's code (docs/decisions/0014-a-page-carries-its-screen.md).
 */
import { atom } from 'nanostores';

export const $refusals = atom(0);
