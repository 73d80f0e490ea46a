/**
 * The precompressed copies the static server sends (server/web/static.ts serves name.br and
 * name.gz beside name): written by the production build and by the test fixture of the server.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|webmanifest)$/;

/** Writes name.gz and name.br beside every compressible file under dir; returns how many. */
export function compressDirectory(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      count += compressDirectory(path);
    } else if (COMPRESSIBLE.test(name)) {
      const content = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      count += 1;
    }
  }
  return count;
}
