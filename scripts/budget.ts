/**
 * First-load budget: the bytes (gzip) a browser fetches to show /login, measured by loading the
 * production build in Chromium from the reference server and adding up what it requested.
 * Prints each file and the total, and fails when the total is over the budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { buildApp } from '../server/app';
import { loadAppPage } from '../server/web/app-page';
import { chromiumLaunchOptions } from '../e2e/chromium';

const BUDGET_BYTES = 60 * 1024;
const root = fileURLToPath(new URL('..', import.meta.url));

function gzipBytes(file: string): number {
  return existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(readFileSync(file), { level: 9 }).length;
}

async function measure() {
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'warn' }, root);
  if (!existsSync(join(config.distDir, 'index.html'))) throw new Error('No build in dist/: run npm run build first.');
  const db = await openDatabase({});
  await migrate(db);
  const app = await buildApp({ config, db });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ locale: 'en-GB' });
    const paths: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === address) paths.push(url.pathname);
    });
    await page.goto(`${address}/login`);
    await page.getByRole('textbox', { name: 'E-mail' }).waitFor();
    await page.waitForLoadState('networkidle');
    const htmlBytes = loadAppPage(config).gzip.length;
    return paths.map((path) => ({
      path,
      bytes: path === '/login' ? htmlBytes : gzipBytes(join(config.distDir, decodeURIComponent(path))),
    }));
  } finally {
    await browser.close();
    await app.close();
    await db.close();
  }
}

const files = await measure();
const total = files.reduce((sum, file) => sum + file.bytes, 0);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log('First load of /login (gzip, 1 KB = 1024 bytes):');
for (const file of files) console.log(`  ${kb(file.bytes).padStart(6)} KB  ${file.path}`);
console.log(`First-load /login: ${kb(total)} KB gzip of a ${kb(BUDGET_BYTES)} KB budget (${files.length} requests).`);
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)} KB.`);
  process.exit(1);
}
