'use strict';
// Dependencies shipped inside a package's dist/ as one file each, because loading them file by
// file is most of some first-use cost: ajv is 63 files whose resolution and compilation were
// about two thirds of a process's first tool call (the validator is compiled then). They stay
// lazily loaded: the bundles `require()` dist/vendor/<name>.cjs where the sources `require()`
// the package. Never vendor a package holding state users share with it (class-validator's and
// class-transformer's metadata, OpenTelemetry's global API).
const fs = require('fs');
const path = require('path');
const esbuild = require('esbuild');

/** Vendored dependencies by package name. */
const VENDORED = { '@toolwright/core': ['ajv'] };

/** Stands for the vendored file in the outputs until each output's relative path is known. */
const TOKEN = '__toolwright_vendor__/';

/**
 * The vendored dependencies of a package (none for most).
 * @param {string} packageName
 * @returns {string[]}
 */
function vendoredOf(packageName) {
  return VENDORED[packageName] ?? [];
}

/**
 * Bundles each dependency into `dist/vendor/<name>.cjs`, with the license texts of everything
 * it contains at its top.
 * @param {string} packageDir
 * @param {string[]} ids
 * @returns {Promise<string[]>} the written files, relative to dist/
 */
async function buildVendored(packageDir, ids) {
  const written = [];
  for (const id of ids) {
    const outfile = path.join(packageDir, 'dist', 'vendor', `${id}.cjs`);
    const result = await esbuild.build({
      stdin: { contents: `module.exports = require(${JSON.stringify(id)});`, resolveDir: packageDir, sourcefile: `vendor-${id}.js` },
      bundle: true, platform: 'node', target: 'node20', format: 'cjs', outfile, metafile: true, write: false, logLevel: 'warning', legalComments: 'none',
    });
    const licenses = licensesOf(Object.keys(result.metafile.inputs));
    const text = result.outputFiles.find((file) => file.path === outfile)?.text;
    if (text === undefined) throw new Error(`esbuild wrote no ${outfile}`);
    fs.mkdirSync(path.dirname(outfile), { recursive: true });
    fs.writeFileSync(outfile, `/*\n * ${id}, bundled into one file for @toolwright (scripts/bundle/vendor.js). Licenses of what it contains:\n *\n${licenses.split('\n').map((line) => ` * ${line}`.trimEnd()).join('\n')}\n */\n${text}`);
    written.push(path.posix.join('vendor', `${id}.cjs`));
  }
  return written;
}

/**
 * The license texts of the npm packages the inputs belong to, each once.
 * @param {string[]} inputs esbuild metafile input paths
 */
function licensesOf(inputs) {
  const roots = new Set();
  for (const input of inputs) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) roots.add(path.resolve(match[1]));
  }
  const texts = [];
  for (const root of [...roots].sort()) {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const file = fs.readdirSync(root).find((name) => /^licen[cs]e/i.test(name));
    if (!file) throw new Error(`${manifest.name} has no LICENSE file to ship with its vendored copy`);
    texts.push(`${manifest.name}@${manifest.version} (${manifest.license}):`, '', fs.readFileSync(path.join(root, file), 'utf8').trim().replace(/\*\//g, '* /'), '');
  }
  return texts.join('\n');
}

/**
 * Marks the vendored ids external under a placeholder path, fixed per output afterwards.
 * @param {string[]} ids
 * @returns {import('esbuild').Plugin}
 */
function vendoredPlugin(ids) {
  const wanted = new Set(ids);
  return {
    name: 'vendored',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => (wanted.has(args.path) ? { path: `${TOKEN}${args.path}.cjs`, external: true } : undefined));
    },
  };
}

/**
 * Replaces the placeholder in every output with the path from that output to dist/vendor/.
 * @param {string} distDir
 * @param {string[]} files absolute paths of the .mjs and .cjs outputs
 */
function linkVendored(distDir, files) {
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(TOKEN)) continue;
    let relative = path.relative(path.dirname(file), path.join(distDir, 'vendor')).split(path.sep).join('/');
    relative = relative === '' ? '.' : relative.startsWith('.') ? relative : `./${relative}`;
    fs.writeFileSync(file, text.split(TOKEN).join(`${relative}/`));
  }
}

module.exports = { vendoredOf, buildVendored, vendoredPlugin, linkVendored };
