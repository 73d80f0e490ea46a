/**
 * What src/router/session-at-hand.ts loads: the stores with the session's restore, and the
 * guards that read it. A module of the page's own, so loading it brings the stores' bundle along.
 */
export { restoreSessionOnce } from '../stores';
export { GUARDS } from '../flow/guards';
