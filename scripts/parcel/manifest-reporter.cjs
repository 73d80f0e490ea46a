/**
 * Writes dist/.bundles.json after a build: every lazy chunk's id and URL (Parcel's import map,
 * which it writes incomplete into the page when chunks share bundles) and, for each module loaded
 * lazily (a screen, the router, a language), the files it needs. The prerender step
 * (scripts/prerender.ts) writes both into the pages: the import map, and the files of the
 * page's screen, preloaded beside the page's script instead of after it. `importers` names, for each
 * id, the files whose code imports it, so a page can leave out what only the toolkit's gallery
 * imports.
 */
const { Reporter } = require('@parcel/plugin');
const { getImportMap, urlJoin } = require('@parcel/utils');
const { mkdir, writeFile } = require('node:fs/promises');
const path = require('node:path');

module.exports = new Reporter({
  async report({ event, options }) {
    if (event.type !== 'buildSuccess') return;
    const graph = event.bundleGraph;
    const bundles = graph.getBundles();
    // Names hold hash placeholders until written; the written files carry the hashes.
    const written = new Map(bundles.map((bundle) => [bundle.name, path.basename(bundle.filePath)]));
    const publicUrl = (bundle, name) => urlJoin(bundle.target.publicUrl, written.get(name) ?? name);
    const url = (bundle) => publicUrl(bundle, bundle.name);
    const importMap = {};
    const importers = {};
    const lazy = {};
    // Each script's modules, for the budget's check that no module lands in two of them.
    const modules = {};
    for (const bundle of bundles) importers[bundle.publicId] = graph.getParentBundles(bundle).map(url);
    for (const bundle of bundles) {
      if (bundle.type !== 'js') continue;
      const held = new Set();
      bundle.traverseAssets((asset) => {
        // Parcel's own runtime modules (a bundle's loaders) are written into each bundle that needs them.
        if (!asset.filePath.includes(`${path.sep}@parcel${path.sep}`)) held.add(path.relative(options.projectRoot, asset.filePath).split(path.sep).join('/'));
      });
      modules[url(bundle)] = [...held].sort();
      for (const [id, name] of Object.entries(getImportMap(graph, bundle))) importMap[id] = publicUrl(bundle, name);

      const main = bundle.getMainEntry();
      if (!main) continue;
      const module = path.relative(options.projectRoot, main.filePath).split(path.sep).join('/');
      for (const group of graph.getBundleGroupsContainingBundle(bundle)) {
        if (graph.getBundlesInBundleGroup(group).some((member) => member.getMainEntry()?.id === main.id)) {
          lazy[module] = [
            ...new Set([
              ...(lazy[module] ?? []),
              ...graph
                .getBundlesInBundleGroup(group)
                .filter((member) => member.type === 'js')
                .map(url),
            ]),
          ];
        }
      }
    }
    const distDir = bundles.find((bundle) => bundle.type === 'html')?.target.distDir ?? path.join(options.projectRoot, 'dist');
    await mkdir(distDir, { recursive: true });
    await writeFile(path.join(distDir, '.bundles.json'), JSON.stringify({ importMap, importers, lazy, modules }, null, 2));
  },
});
