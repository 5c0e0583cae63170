'use strict';
// The JavaScript esbuild bundles is TypeScript's own emit of the package's program (ES modules,
// inline source maps to src/), not esbuild's transpilation: decorator metadata
// (`design:paramtypes`, which Nest's injection reads) needs the type checker, and packages built
// with `toolwright build` get the scanner's transformer, so the bundles carry the same embedded
// tool schemas as the package's per-file dist/.
const fs = require('fs');
const path = require('path');
const ts = require('typescript');

/**
 * Emits every source file of the package's tsconfig as ES2022 JavaScript, in memory.
 * @param {string} packageDir absolute path of the package
 * @param {{ schemaTransformer: boolean }} options whether to run the scanner's transformer
 * @returns {Map<string, string>} emitted JavaScript by absolute path of its `.ts` source
 */
function emitModules(packageDir, options) {
  const configPath = path.join(packageDir, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  const compilerOptions = {
    ...parsed.options,
    module: ts.ModuleKind.ES2022,
    // Emitted beside each source (in memory only): the inline map's `sources` are then relative
    // to the .ts file, which is the path esbuild knows the module by.
    outDir: undefined,
    declaration: false,
    declarationMap: false,
    composite: false,
    incremental: false,
    tsBuildInfoFile: undefined,
    sourceMap: false,
    inlineSourceMap: true,
    inlineSources: false,
    noEmit: false,
    emitDeclarationOnly: false,
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: compilerOptions, projectReferences: parsed.projectReferences });
  const before = options.schemaTransformer ? [schemaTransformer(program)] : [];
  const emitted = new Map();
  const result = program.emit(undefined, (fileName, text) => {
    if (fileName.endsWith('.js')) emitted.set(path.resolve(fileName.slice(0, -3) + '.ts'), text);
  }, undefined, false, { before });
  if (result.emitSkipped) throw new Error(`TypeScript skipped the emit of ${packageDir}`);
  return emitted;
}

/**
 * The scanner's schema transformer from its build output (`tsc -b` builds it first). Scan
 * errors are not reported here: the package's own `toolwright build` reports them.
 * @param {import('typescript').Program} program
 */
function schemaTransformer(program) {
  const transformerPath = path.join(__dirname, '..', '..', 'packages', 'scanner', 'dist', 'transformer.js');
  if (!fs.existsSync(transformerPath)) throw new Error(`${transformerPath} is missing: build the scanner first (npx tsc -b packages/scanner)`);
  return require(transformerPath).default(program, { diagnostics: 'ignore' });
}

/**
 * An esbuild plugin serving TypeScript's emit for the package's `.ts` files.
 * @param {Map<string, string>} emitted from {@link emitModules}
 * @returns {import('esbuild').Plugin}
 */
function typescriptEmitPlugin(emitted) {
  return {
    name: 'typescript-emit',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const contents = emitted.get(path.resolve(args.path));
        if (contents === undefined) throw new Error(`${args.path} is not part of the package's tsconfig program`);
        return { contents, loader: 'js' };
      });
    },
  };
}

module.exports = { emitModules, typescriptEmitPlugin };
