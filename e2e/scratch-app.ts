/**
 * A scratch React 19 app in a temporary folder that installs the packed @frontdoor/ui tarball and is
 * bundled with esbuild, for the packaging story (e2e/ui-package.spec.ts). The install is offline:
 * its lockfile is cut from the repository's, so npm takes every package from the cache `npm ci`
 * filled, and the app resolves nothing from the repository. Besides React it installs zod, which
 * the toolkit does not ship: the app brings its own schema library.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
type LockEntry = {
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
};

/** Packs build/ui (made by `npm run build:ui`) into `folder`; answers the tarball's path. */
export function packToolkit(folder: string): string {
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', folder], { cwd: join(root, 'build/ui'), encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop()!;
  return join(folder, name);
}

/**
 * The lock entries npm would install for `wanted`, taken from the repository's lockfile: each
 * package where npm placed it (nested under its dependant when the hoisted version does not fit).
 */
function lockEntriesFor(wanted: Record<string, string>): Record<string, LockEntry> {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const entries: Record<string, LockEntry> = {};
  const visit = (name: string, from: string) => {
    // npm's lookup: the dependant's own node_modules, then each folder up to the top.
    let base = from;
    for (;;) {
      const key = `${base}node_modules/${name}`;
      if (lock.packages[key]) return add(key);
      if (!base) throw new Error(`${name} is not in package-lock.json`);
      base = base.replace(/node_modules\/(@[^/]+\/)?[^/]+\/$/, '');
    }
  };
  const add = (key: string) => {
    if (entries[key]) return;
    const { dev: _dev, devOptional: _devOptional, ...entry } = lock.packages[key]!;
    entries[key] = entry;
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const needed = [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.peerDependencies ?? {}).filter((peer) => !optionalPeers[peer]?.optional)];
    for (const dependency of needed) visit(dependency, `${key}/`);
  };
  for (const name of Object.keys(wanted)) visit(name, '');
  return entries;
}

/** Writes the app, installs the tarball with React 19 and zod offline, and bundles it; answers its folder. */
export async function buildScratchApp(tarball: string): Promise<string> {
  const app = mkdtempSync(join(tmpdir(), 'frontdoor-ui-app-'));
  const packed = JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' })) as LockEntry & { name: string };
  const repositoryLock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  // The versions the repository itself runs: React 19, and zod for the app's own rules.
  const alongside = Object.fromEntries(['react', 'react-dom', 'zod'].map((name) => [name, repositoryLock.packages[`node_modules/${name}`]!.version]));
  const tarballName = tarball.split('/').pop()!;
  copyFileSync(tarball, join(app, tarballName));
  const dependencies = { [packed.name]: `file:${tarballName}`, ...alongside };
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type: 'module', dependencies }, null, 2));
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const { name: _name, ...packedEntry } = packed;
  const lock = {
    name: 'scratch-app',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'scratch-app', dependencies },
      ...lockEntriesFor({ ...packed.dependencies, ...alongside }),
      [`node_modules/${packed.name}`]: {
        version: packedEntry.version,
        resolved: `file:${tarballName}`,
        integrity,
        dependencies: packedEntry.dependencies,
        peerDependencies: packedEntry.peerDependencies,
      },
    },
  };
  writeFileSync(join(app, 'package-lock.json'), JSON.stringify(lock, null, 2));
  const install = (mode: string) =>
    execFileSync('npm', ['ci', mode, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, stdio: 'pipe' });
  try {
    install('--offline');
  } catch {
    // A cache without some package (one cleaned by hand): the registry fills the gap.
    install('--prefer-offline');
  }

  const sources = join(app, 'src');
  mkdirSync(sources);
  for (const file of readdirSync(join(root, 'e2e/ui-package-app'))) copyFileSync(join(root, 'e2e/ui-package-app', file), join(sources, file));
  copyFileSync(join(root, 'src/gallery/sample-landscape.png'), join(sources, 'photo.png'));
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scratch app</title><link rel="stylesheet" href="out/main.css"></head><body><div id="root"></div><script type="module" src="out/main.js"></script></body></html>',
  );
  await build({
    absWorkingDir: app,
    entryPoints: ['src/main.tsx'],
    bundle: true,
    format: 'esm',
    outdir: 'out',
    jsx: 'automatic',
    loader: { '.png': 'file' },
    publicPath: '/out',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    logLevel: 'error',
  });
  return app;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' };

/** Serves the app's folder on a free port of the loopback address. */
export async function serve(folder: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    try {
      const body = readFileSync(join(folder, path === '/' ? 'index.html' : path));
      response.writeHead(200, { 'content-type': TYPES[extname(path) || '.html'] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('No address');
  return { url: `http://127.0.0.1:${address.port}`, server };
}
