/**
 * Builds the peer's sign-in page (peer/main.tsx) into a static folder, minified for production as
 * its users would ship it, with the precompressed copies our server sends too, so the transfer
 * sizes compare like for like. Built at run time into a temporary folder, never committed.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { compressDirectory } from '../../../server/web/compress';

const here = fileURLToPath(new URL('.', import.meta.url));

export async function buildPeer(outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [join(here, 'main.tsx')],
    outfile: join(outDir, 'main.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
  });
  copyFileSync(join(here, 'index.html'), join(outDir, 'index.html'));
  compressDirectory(outDir);
}
