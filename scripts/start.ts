/**
 * `npm start`: builds the app when dist/ has none, then starts the reference server.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from './build';
import { startServerOrExit } from '../server/main';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}dist/pages/pages.json`)) {
  console.log('No build in dist/ yet: building the front door first.');
  await build();
}
await startServerOrExit();
