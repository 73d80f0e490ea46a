/**
 * Modules the build wrote into more than one script (dist/.bundles.json, `modules`, from
 * scripts/parcel/manifest-reporter.cjs). A copy of a module that holds state is a second state: a
 * second session, a second toast, a second language. Those fail the budget. A copy of a module that
 * holds none (a component, a rule) costs bytes only, and is printed
 * (docs/decisions/0017-a-page-is-an-entry.md, "Folders are bundles").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ModuleCopies {
  module: string;
  scripts: string[];
  holdsState: boolean;
}

/**
 * State declared at a module's top level: a variable, a store (a `$name`, as the house names them,
 * or nanostores' atom, map or computed, the toolkit's toaster), or a collection the module fills as
 * it runs.
 */
const TOP_LEVEL_STATE =
  /^(?:export )?(?:let|var) |^(?:export )?const (?:\{[^}\n]*)?\$\w|^(?:export )?const [^=\n]+= (?:atom|map|computed|persistentAtom|createToaster)\b|^(?:export )?const [^=\n]+= new (?:Map|Set|WeakMap|WeakSet)\b/m;

export function holdsState(source: string): boolean {
  return TOP_LEVEL_STATE.test(source);
}

/** Every module in more than one script, and whether it holds state. */
export function moduleCopies(root: string, dist: string): ModuleCopies[] {
  const { modules } = JSON.parse(readFileSync(join(dist, '.bundles.json'), 'utf8')) as { modules: Record<string, string[]> };
  const scriptsOf = new Map<string, string[]>();
  for (const [script, held] of Object.entries(modules)) for (const module of held) scriptsOf.set(module, [...(scriptsOf.get(module) ?? []), script]);
  return [...scriptsOf]
    .filter(([, scripts]) => scripts.length > 1)
    .map(([module, scripts]) => ({ module, scripts, holdsState: holdsState(readFileSync(join(root, module), 'utf8')) }));
}
