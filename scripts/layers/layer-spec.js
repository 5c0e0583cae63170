'use strict';
// Reads and checks a package's layers.json: an ordered array of layers, lowest first, each an array
// of folder names directly under src/. Files directly in src/ (index.ts, entry points) are the top.
const fs = require('fs');
const path = require('path');

/** The file a package's layer order lives in. */
const LAYERS_FILE = 'layers.json';

/**
 * The layer index of every listed folder (0 = lowest), or a `problem` text saying what is wrong
 * with the file and how to fix it.
 * @param {string} packageDir absolute path of the package
 * @returns {{ layerOf: Map<string, number>, layerCount: number } | { problem: string }}
 */
function readLayerSpec(packageDir) {
  const file = path.join(packageDir, LAYERS_FILE);
  if (!fs.existsSync(file)) {
    return { problem: `${LAYERS_FILE} is missing: write an ordered JSON array of layers, lowest first, each an array of folder names under src/ (e.g. [["errors"], ["schema"], ["runner"]])` };
  }
  let spec;
  try {
    spec = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return { problem: `${LAYERS_FILE} is not valid JSON (${error.message})` };
  }
  if (!Array.isArray(spec) || !spec.every((layer) => Array.isArray(layer) && layer.every((name) => typeof name === 'string'))) {
    return { problem: `${LAYERS_FILE} must be an array of arrays of folder names, lowest layer first, e.g. [["errors"], ["schema", "model"], ["runner"]]` };
  }
  const layerOf = new Map();
  for (const [index, layer] of spec.entries()) {
    for (const name of layer) {
      if (!/^[^/\\.][^/\\]*$/.test(name)) return { problem: `${LAYERS_FILE} lists "${name}": name a folder directly under src/, without slashes` };
      if (layerOf.has(name)) return { problem: `${LAYERS_FILE} lists "${name}" twice (layers ${layerOf.get(name)} and ${index}): keep it in one layer` };
      layerOf.set(name, index);
    }
  }
  return { layerOf, layerCount: spec.length };
}

module.exports = { LAYERS_FILE, readLayerSpec };
