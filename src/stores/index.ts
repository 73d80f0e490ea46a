/**
 * Every store of the app, in one place, and each exactly once however the screens are split into
 * chunks: two copies of a store would be two states (`npm run budget` fails on one). The stores a
 * page's first view reads (`first-view/`, and the locale) go with the page's entry; the folder's
 * other files are in one shared bundle (`manualSharedBundles` in package.json: `signed-in`, with
 * `src/session/` and `src/api/`), which a page loads through this module before anything reads the session
 * (src/router/session-at-hand.ts; docs/decisions/0014-a-page-carries-its-screen.md).
 */
export * from './session';
export * from './pending-login';
export * from './first-view/toast';
export * from '../i18n/locale';
export * from './reset-email';
export * from './recovery-codes';
export * from './first-view/refusals';
