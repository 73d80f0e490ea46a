/** The build's bundle manifest (scripts/parcel/manifest-reporter.cjs): which files a lazily loaded module comes in. */
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';

const lazyBundles = () => (JSON.parse(readFileSync('dist/.bundles.json', 'utf8')) as { lazy: Record<string, string[]> }).lazy;

/** The files a lazily loaded module comes in (with the bundles it shares). */
export function lazyFiles(module: string): Set<string> {
  const files = new Set(lazyBundles()[module]);
  expect(files.size).toBeGreaterThan(0);
  return files;
}

/** A lazily loaded module's own files: those it shares with no other. */
export function ownFiles(module: string): Set<string> {
  const shared = new Set(
    Object.entries(lazyBundles())
      .filter(([other]) => other !== module)
      .flatMap(([, files]) => files),
  );
  const files = new Set([...lazyFiles(module)].filter((file) => !shared.has(file)));
  expect(files.size).toBeGreaterThan(0);
  return files;
}
