'use strict';
// What the test precompiler writes and what jest's transform reads: one TypeScript program over
// `tsconfig.jest.json` compiled once per `npm test`, instead of a type-checking language service
// in every jest worker. See scripts/build/precompile-tests.js (the writer) and
// precompiled-transform.js (the reader).
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

/** The repository's root: the default of every `root` parameter below (tests pass a scratch one). */
const ROOT = path.join(__dirname, '..', '..');

/**
 * Where the compiled files and their manifest are kept (dropped by `npm ci` with node_modules).
 * The manifest is written last, so a half-written cache has none.
 * @param {string} root
 */
function cacheLayout(root) {
  const dir = path.join(root, 'node_modules', '.cache', 'toolwright-precompiled');
  return { dir, manifest: path.join(dir, 'manifest.json') };
}

/** Bumped whenever what is written changes shape. */
const FORMAT = 1;

/** Diagnostic codes ts-jest never reports (its IGNORE_DIAGNOSTIC_CODES): config-level noise. */
const IGNORED_DIAGNOSTIC_CODES = new Set([6059, 18002, 18003]);

/**
 * ts-jest's overrides of the tsconfig's compiler options (its ConfigSet), so that the code a test
 * runs is the code ts-jest would have given it.
 * @param {import('typescript').CompilerOptions} options
 * @returns {import('typescript').CompilerOptions}
 */
function asTsJestCompiles(options) {
  const sourceMap = options.sourceMap ?? true;
  return {
    ...options,
    inlineSourceMap: false,
    declaration: false,
    isolatedDeclarations: false,
    noEmit: false,
    removeComments: false,
    out: undefined,
    outFile: undefined,
    composite: undefined,
    declarationDir: undefined,
    declarationMap: undefined,
    emitDeclarationOnly: undefined,
    sourceRoot: undefined,
    tsBuildInfoFile: undefined,
    incremental: undefined,
    sourceMap,
    inlineSources: sourceMap,
  };
}

/** @param {string | Buffer} text */
function digest(text) {
  return crypto.createHash('sha1').update(text).digest('hex');
}

/**
 * What, besides the test sources themselves, decides the compiled output: TypeScript's version,
 * the jest tsconfig, the installed packages (their declarations type decorator metadata) and the
 * scanner's transformer with the build of core it loads. A change to any of them makes the
 * precompiled output stale.
 * @returns {string}
 */
function toolchainFingerprint(root = ROOT) {
  const hash = crypto.createHash('sha1');
  hash.update(`format ${FORMAT}\n`);
  hash.update(`typescript ${require('typescript').version}\n`);
  for (const file of ['tsconfig.jest.json', 'tsconfig.base.json', 'package-lock.json', 'scripts/build/precompiled-tests.js', 'scripts/build/precompile-tests.js']) {
    const own = file.startsWith('scripts/build/') ? path.join(__dirname, path.basename(file)) : path.join(root, file);
    hash.update(`${file}\n`).update(readOrEmpty(own));
  }
  for (const dir of ['packages/scanner/dist', 'packages/core/dist']) {
    for (const file of builtScripts(path.join(root, dir))) hash.update(`${path.relative(root, file)}\n`).update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

/** @param {string} file */
function readOrEmpty(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return '';
  }
}

/**
 * The `.js` files of a build, sorted (none when it is not built).
 * @param {string} dir
 * @returns {string[]}
 */
function builtScripts(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The place of a source's compiled code in the cache.
 * @param {string} root
 * @param {string} relative the source's path from the root
 */
function compiledPath(root, relative) {
  return path.join(cacheLayout(root).dir, 'files', relative.replace(/\.ts$/, '.js'));
}

/**
 * @typedef {{ hash: string, diagnostics?: string }} ManifestEntry
 * @typedef {{ format: number, toolchain: string, files: Record<string, ManifestEntry>, compiledAt: string, seconds: number }} Manifest
 */

/**
 * @param {string} [root]
 * @returns {Manifest | undefined}
 */
function readManifest(root = ROOT) {
  try {
    const manifest = JSON.parse(fs.readFileSync(cacheLayout(root).manifest, 'utf8'));
    return manifest && manifest.format === FORMAT ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the precompiled output is the compilation of the sources and toolchain as they are now:
 * every source of the program unchanged, none added or removed (the files of `tsconfig.jest.json`
 * are listed anew), the same toolchain. One stale file makes the whole output stale, because a
 * changed type can change the code compiled from another file (decorator metadata, embedded schemas).
 * @param {Manifest | undefined} manifest
 * @param {string[]} fileNames the files of `tsconfig.jest.json` now
 * @param {string} [root]
 * @returns {string | undefined} why it is stale, or undefined when it is current
 */
function staleness(manifest, fileNames, root = ROOT) {
  if (!manifest) return 'nothing is precompiled';
  if (manifest.toolchain !== toolchainFingerprint(root)) return 'the toolchain changed (TypeScript, tsconfig, packages, or the scanner or core build)';
  const relatives = fileNames.map((file) => path.relative(root, file));
  if (relatives.length !== Object.keys(manifest.files).length) return 'files were added or removed';
  for (const relative of relatives) {
    const entry = manifest.files[relative];
    if (!entry) return `${relative} is new`;
    if (entry.hash !== digest(readOrEmpty(path.join(root, relative)))) return `${relative} changed`;
  }
  return undefined;
}

/**
 * The files of `tsconfig.jest.json` and its compiler options, as ts-jest reads them.
 * @param {typeof import('typescript')} ts
 * @param {string} [root]
 */
function jestProgramConfig(ts, root = ROOT) {
  const configFile = path.join(root, 'tsconfig.jest.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(`${configFile}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    },
  });
  if (!parsed) throw new Error(`${configFile} could not be read`);
  return { fileNames: parsed.fileNames, options: asTsJestCompiles(parsed.options) };
}

module.exports = {
  FORMAT,
  IGNORED_DIAGNOSTIC_CODES,
  ROOT,
  cacheLayout,
  compiledPath,
  digest,
  jestProgramConfig,
  readManifest,
  staleness,
  toolchainFingerprint,
};
