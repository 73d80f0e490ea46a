/**
 * Every store of the app, in one place. The first view of a page imports this module, so each store
 * exists once however the screens are split into chunks: two copies of a store would be two states.
 */
export * from './session';
export * from './pending-login';
export * from './toast';
export * from './locale';
export * from './reset-email';
export * from './recovery-codes';
