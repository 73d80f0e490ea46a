/**
 * Builds the installable @frontdoor/ui into build/ui: ES modules and type declarations
 * from tsc, relative imports given their `.js` ending so the modules load anywhere, the stylesheets,
 * the README, and a package.json whose exports point at the built files. `npm pack build/ui` makes
 * the tarball. Inside the repository '@frontdoor/ui' stays the sources (src/ui).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'src/ui');
export const UI_BUILD_DIR = join(root, 'build/ui');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** `./field/Field` -> `./field/Field.js`, `./toast` -> `./toast/index.js`: what ES modules need. */
function withJsEndings(file: string): void {
  const text = readFileSync(file, 'utf8').replace(/(from |import\()(['"])(\.{1,2}\/[^'"]+)\2/g, (whole, keyword: string, quote: string, specifier: string) => {
    const target = resolve(dirname(file), specifier);
    if (existsSync(`${target}.js`)) return `${keyword}${quote}${specifier}.js${quote}`;
    if (existsSync(join(target, 'index.js'))) return `${keyword}${quote}${specifier}/index.js${quote}`;
    return whole;
  });
  writeFileSync(file, text);
}

function packageJson() {
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  return {
    ...manifest,
    exports: {
      '.': { types: './index.d.ts', import: './index.js' },
      './styles.css': './styles.css',
      './css/*': './css/*',
    },
    main: './index.js',
    types: './index.d.ts',
    files: ['**/*.js', '**/*.d.ts', '**/*.css', 'README.md'],
  };
}

export function buildUi(): void {
  rmSync(UI_BUILD_DIR, { recursive: true, force: true });
  execFileSync('npx', ['tsc', '-p', join(source, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
  for (const file of filesUnder(UI_BUILD_DIR)) if (/\.(js|d\.ts)$/.test(file)) withJsEndings(file);
  cpSync(join(source, 'styles.css'), join(UI_BUILD_DIR, 'styles.css'));
  cpSync(join(source, 'css'), join(UI_BUILD_DIR, 'css'), { recursive: true });
  cpSync(join(source, 'README.md'), join(UI_BUILD_DIR, 'README.md'));
  writeFileSync(join(UI_BUILD_DIR, 'package.json'), `${JSON.stringify(packageJson(), null, 2)}\n`);
  console.log(`Built @frontdoor/ui into ${UI_BUILD_DIR}.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildUi();
