/**
 * Which `react` a module gets in the shipped bundle (docs/decisions/0006-first-view-without-compat.md):
 * the front door's own code gets Preact's core (src/preact/react-lite.js), so a page's first view
 * runs without preact/compat; every library goes on to the default resolver and package.json's
 * alias, preact/compat through src/preact/react-shim.js.
 */
const { Resolver } = require('@parcel/plugin');
const path = require('node:path');

const LITE = path.join(__dirname, '../../src/preact/react-lite.js');

/** Is this importer the front door's own code? */
const takesLite = (importer) => !importer.split(path.sep).join('/').includes('/node_modules/');

module.exports = new Resolver({
  async resolve({ specifier, dependency }) {
    if (specifier !== 'react' || !dependency.sourcePath || !takesLite(dependency.sourcePath)) return null;
    return { filePath: LITE };
  },
});
