/**
 * Which `react` a module gets in the shipped bundle (docs/decisions/0006-first-view-without-compat.md):
 * the front door's own code and @nanostores/react get Preact's core (src/preact/react-lite.js), so a
 * page's first view runs without preact/compat; every other library goes on to the default resolver
 * and package.json's alias, preact/compat through src/preact/react-shim.js.
 */
const { Resolver } = require('@parcel/plugin');
const path = require('node:path');

const LITE = path.join(__dirname, '../../src/preact/react-lite.js');

/** Is this importer the front door's own code, or a library that needs only hooks? */
function takesLite(importer) {
  const file = importer.split(path.sep).join('/');
  return !file.includes('/node_modules/') || file.includes('/node_modules/@nanostores/react/');
}

module.exports = new Resolver({
  async resolve({ specifier, dependency }) {
    if (specifier !== 'react' || !dependency.sourcePath || !takesLite(dependency.sourcePath)) return null;
    return { filePath: LITE };
  },
});
