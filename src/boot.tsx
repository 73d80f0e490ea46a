/**
 * The entry of the page the router fills (the toolkit's gallery's shell): every other page's entry
 * is written by the build with its screen's chunk (scripts/page-entries.ts). Each ships what every
 * screen is built of (src/router/shared.ts).
 */
import { bootPage } from './router/start';

export * from './router/shared';

bootPage();
