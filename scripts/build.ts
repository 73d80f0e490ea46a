/**
 * Production build: a clean dist/ (Parcel does not clean it), each page's entry
 * (scripts/page-entries.ts), the Parcel build with the Preact alias, the prerendered pages
 * (scripts/prerender.ts), then a gzip and a brotli copy of every text asset so the server sends
 * them without compressing on each request.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compressDirectory } from '../server/web/compress';
import { prerender } from './prerender';
import { writePageEntries } from './page-entries';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;

export async function build(): Promise<void> {
  rmSync(dist, { recursive: true, force: true });
  const entries = writePageEntries(root, `${root}build/pages`);
  execFileSync('npx', ['parcel', 'build', ...entries, '--dist-dir', 'dist', '--public-url', '/', '--no-source-maps', '--no-cache', '--log-level', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  const pages = await prerender(root, dist);
  const count = compressDirectory(dist);
  console.log(`Built dist/ with ${pages} prerendered pages and precompressed ${count} files.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
