'use strict';
// Jest's transform for the repository's TypeScript: the code scripts/build/precompile-tests.js
// compiled once for the whole run (one program, the scanner's transformer, type errors kept per
// file), read from its cache. When that output is not the compilation of the sources as they are
// now — a file edited since, `npm test` not run, TOOLWRIGHT_PRECOMPILED=0 — every file goes to
// ts-jest with the same options, as before: a targeted `npx jest` after an edit stays correct.
const fs = require('fs');
const path = require('path');
const { ROOT, compiledPath, digest, jestProgramConfig, readManifest, staleness } = require('./precompiled-tests');

/**
 * @typedef {{ manifest: import('./precompiled-tests').Manifest, key: string }} Current
 */

/** Per root, whether this worker uses the precompiled output: decided once, on its first file. */
const decided = new Map();

/**
 * @param {string} root
 * @returns {Current | undefined}
 */
function precompiled(root) {
  if (!decided.has(root)) decided.set(root, decide(root));
  return decided.get(root);
}

/**
 * @param {string} root
 * @returns {Current | undefined}
 */
function decide(root) {
  if (process.env.TOOLWRIGHT_PRECOMPILED === '0') return undefined;
  const manifest = readManifest(root);
  if (!manifest || staleness(manifest, jestProgramConfig(require('typescript'), root).fileNames, root)) return undefined;
  return { manifest, key: digest(JSON.stringify(manifest.files)) };
}

class PrecompiledTransformer {
  /**
   * @param {Record<string, unknown>} config the options jest.config.js gives ts-jest, and
   *   `precompiledRoot` (tests: a scratch project instead of the repository)
   */
  constructor(config = {}) {
    const { precompiledRoot, ...tsJestConfig } = config;
    this.root = typeof precompiledRoot === 'string' ? precompiledRoot : ROOT;
    this.tsJestConfig = tsJestConfig;
    /** @type {any} */
    this.tsJest = undefined;
  }

  /** ts-jest, made on first need (a worker served from the cache never loads it). */
  fallback() {
    if (!this.tsJest) {
      const tsJest = require('ts-jest');
      this.tsJest = (tsJest.default ?? tsJest).createTransformer(this.tsJestConfig);
    }
    return this.tsJest;
  }

  /**
   * @param {string} sourceText
   * @param {string} sourcePath
   * @returns {{ entry: import('./precompiled-tests').ManifestEntry, key: string } | undefined}
   */
  entryFor(sourceText, sourcePath) {
    const current = precompiled(this.root);
    if (!current) return undefined;
    const entry = current.manifest.files[path.relative(this.root, sourcePath)];
    if (!entry || entry.hash !== digest(sourceText)) return undefined;
    return { entry, key: current.key };
  }

  /**
   * @param {string} sourceText
   * @param {string} sourcePath
   * @param {any} options
   */
  getCacheKey(sourceText, sourcePath, options) {
    const found = this.entryFor(sourceText, sourcePath);
    if (!found) return `ts-jest:${this.fallback().getCacheKey(sourceText, sourcePath, options)}`;
    return digest(`precompiled\0${found.key}\0${sourcePath}\0${sourceText}\0${options.instrument ? 'instrument' : ''}`);
  }

  /**
   * @param {string} sourceText
   * @param {string} sourcePath
   * @param {any} options
   * @returns {{ code: string, map?: string }}
   */
  process(sourceText, sourcePath, options) {
    const found = this.entryFor(sourceText, sourcePath);
    if (!found) return this.fallback().process(sourceText, sourcePath, options);
    // A file with type errors fails the suite that loads it, with the errors, as ts-jest does.
    if (found.entry.diagnostics) throw new Error(found.entry.diagnostics);
    const target = compiledPath(this.root, path.relative(this.root, sourcePath));
    const code = fs.readFileSync(target, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
    const map = fs.existsSync(`${target}.map`) ? fs.readFileSync(`${target}.map`, 'utf8') : undefined;
    return map ? { code, map } : { code };
  }
}

module.exports = {
  /** @param {Record<string, unknown>} tsJestConfig */
  createTransformer(tsJestConfig) {
    return new PrecompiledTransformer(tsJestConfig);
  },
};
