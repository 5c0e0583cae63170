#!/usr/bin/env node
'use strict';
// Compiles every file of tsconfig.jest.json once, through the scanner's transformer, as ts-jest
// would compile each of them, and writes the JavaScript, its source map and its type errors to
// node_modules/.cache/toolwright-precompiled. `npm test` runs it before jest; jest's transform
// (precompiled-transform.js) then reads the compiled files instead of type-checking the
// repository again in every worker. Skips the work when the output is current.
//   node scripts/build/precompile-tests.js [--force] [--root <a project laid out as the repository>]
const fs = require('fs');
const path = require('path');
const { FORMAT, IGNORED_DIAGNOSTIC_CODES, ROOT, cacheLayout, compiledPath, digest, jestProgramConfig, readManifest, staleness, toolchainFingerprint } = require('./precompiled-tests');

/**
 * The diagnostics ts-jest would raise for a file it compiles: its syntactic and semantic ones.
 * @param {typeof import('typescript')} ts
 * @param {import('typescript').Program} program
 * @param {import('typescript').SourceFile} sourceFile
 * @param {import('typescript').FormatDiagnosticsHost} host
 * @returns {string | undefined}
 */
function diagnosticsOf(ts, program, sourceFile, host) {
  const diagnostics = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].filter(
    (diagnostic) => !IGNORED_DIAGNOSTIC_CODES.has(diagnostic.code),
  );
  return diagnostics.length > 0 ? ts.formatDiagnostics(diagnostics, host) : undefined;
}

/**
 * Compiles the jest program of `root` (the repository; tests pass a scratch project laid out the
 * same way) and writes the cache; returns what it did.
 * @param {{ force?: boolean, root?: string, log?: (line: string) => void }} [options]
 */
function precompileTests(options = {}) {
  const log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
  const root = options.root ?? ROOT;
  const ts = require('typescript');
  const started = Date.now();
  const { fileNames, options: compilerOptions } = jestProgramConfig(ts, root);
  const why = options.force ? 'asked to (--force)' : staleness(readManifest(root), fileNames, root);
  if (!why) {
    log(`precompile: the tests' compiled code is current (${fileNames.length} files), nothing to do`);
    return { compiled: 0, files: fileNames.length };
  }
  log(`precompile: compiling ${fileNames.length} files once for every jest worker (${why})`);
  const host = ts.createCompilerHost(compilerOptions);
  const program = ts.createProgram({ rootNames: fileNames, options: compilerOptions, host });
  // The scanner's transformer, as jest.config.js gives it to ts-jest: embedded schemas, scan
  // errors ignored (tests declare what strict mode refuses on purpose, to pin core's own errors).
  const transformer = require(path.join(root, 'packages/scanner/dist/transformer.js'));
  const hoistJest = require('ts-jest/dist/transformers/hoist-jest');
  const silentLogger = { child: () => silentLogger, wrap: (...args) => args[args.length - 1], debug() {}, info() {}, warn() {}, error() {}, trace() {} };
  const before = [hoistJest.factory({ configSet: { compilerModule: ts, logger: silentLogger } }), transformer.default(program, { diagnostics: 'ignore' })];

  const cache = cacheLayout(root);
  fs.rmSync(cache.dir, { recursive: true, force: true });
  /** @type {Record<string, { hash: string, diagnostics?: string }>} */
  const files = {};
  for (const file of fileNames) {
    const relative = path.relative(root, file);
    const sourceFile = program.getSourceFile(file);
    const entry = { hash: digest(fs.readFileSync(file)) };
    if (sourceFile) {
      const diagnostics = diagnosticsOf(ts, program, sourceFile, host);
      if (diagnostics) entry.diagnostics = diagnostics;
    }
    files[relative] = entry;
  }
  let written = 0;
  const emitted = program.emit(
    undefined,
    (fileName, text, _bom, _onError, sourceFiles) => {
      const source = sourceFiles && sourceFiles[0];
      if (!source || !/\.ts$/.test(source.fileName) || /\.d\.ts$/.test(source.fileName)) return;
      const target = compiledPath(root, path.relative(root, source.fileName));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(fileName.endsWith('.map') ? `${target}.map` : target, text);
      if (!fileName.endsWith('.map')) written++;
    },
    undefined,
    false,
    { before },
  );
  for (const diagnostic of emitted.diagnostics) {
    const relative = diagnostic.file && path.relative(root, diagnostic.file.fileName);
    if (relative && files[relative]) files[relative].diagnostics = `${files[relative].diagnostics ?? ''}${ts.formatDiagnostics([diagnostic], host)}`;
  }
  const seconds = (Date.now() - started) / 1000;
  const manifest = { format: FORMAT, toolchain: toolchainFingerprint(root), files, compiledAt: new Date().toISOString(), seconds };
  fs.mkdirSync(cache.dir, { recursive: true });
  fs.writeFileSync(cache.manifest, JSON.stringify(manifest));
  const withErrors = Object.values(files).filter((entry) => entry.diagnostics).length;
  log(`precompile: ${written} files compiled in ${seconds.toFixed(1)} s${withErrors ? `; ${withErrors} with type errors (a suite loading one fails with them, as under ts-jest)` : ''}`);
  return { compiled: written, files: fileNames.length };
}

if (require.main === module) {
  try {
    const rootAt = process.argv.indexOf('--root');
    precompileTests({ force: process.argv.includes('--force'), root: rootAt > 0 ? path.resolve(process.argv[rootAt + 1]) : undefined });
  } catch (error) {
    process.stderr.write(`precompile: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  }
}

module.exports = { precompileTests };
