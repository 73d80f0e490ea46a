/**
 * Every store of the app, in one place, and each exactly once however the screens are split into
 * chunks: two copies of a store would be two states. The page's entry holds the stores its first
 * view reads (locale, toast, refusals); the others are one bundle of their own (`manualSharedBundles`
 * in package.json), which a page loads through this module before anything reads the session
 * (src/router/session-at-hand.ts; docs/decisions/0014-a-page-carries-its-screen.md).
 */
export * from './session';
export * from './pending-login';
export * from './toast';
export * from './locale';
export * from './reset-email';
export * from './recovery-codes';
export * from './refusals';
