// A rolldown plugin serving TypeScript's own emit of a package's sources, with the scanner's
// transformer, instead of rolldown's transpilation: the transformer embeds each @Tool's schema and
// needs the whole program (the type checker). One program per package, emitted once, in memory.
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const require = createRequire(import.meta.url);

/**
 * @param {string} packageDir absolute path of the package
 * @returns {import('rolldown').Plugin}
 */
export function typescriptEmit(packageDir) {
  let emitted;
  return {
    name: 'typescript-emit',
    buildStart() {
      emitted = emitModules(packageDir);
    },
    load(id) {
      if (!id.endsWith('.ts')) return null;
      const module = emitted.get(path.resolve(id));
      if (module === undefined) throw new Error(`${id} is not part of ${path.join(packageDir, 'tsconfig.json')}'s program; add it to its "include"`);
      return { code: module.code, map: module.map, moduleType: 'js' };
    },
  };
}

/**
 * Emits every source file of the package's tsconfig as ES2022 modules with source maps, through
 * the scanner's transformer.
 * @returns {Map<string, { code: string, map: string }>} by absolute path of the `.ts` source
 */
function emitModules(packageDir) {
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
    // Emitted beside each source (in memory only), so a map's `sources` name the .ts file.
    outDir: undefined,
    declaration: false,
    declarationMap: false,
    emitDeclarationOnly: false,
    composite: false,
    incremental: false,
    tsBuildInfoFile: undefined,
    sourceMap: true,
    inlineSourceMap: false,
    inlineSources: true,
    noEmit: false,
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: compilerOptions, projectReferences: parsed.projectReferences });
  const texts = new Map();
  const result = program.emit(undefined, (fileName, text) => texts.set(path.resolve(fileName), text), undefined, false, { before: [schemaTransformer(program)] });
  if (result.emitSkipped) throw new Error(`TypeScript skipped the emit of ${packageDir}`);
  const modules = new Map();
  for (const [fileName, code] of texts) {
    if (!fileName.endsWith('.js')) continue;
    modules.set(fileName.slice(0, -3) + '.ts', { code, map: texts.get(`${fileName}.map`) });
  }
  return modules;
}

/**
 * The scanner's schema transformer, from its build (the scanner builds before the packages that
 * use it). Scan errors are not reported here: `npm run lint` type-checks, and the scanner's own
 * tests pin its messages.
 * @param {import('typescript').Program} program
 */
function schemaTransformer(program) {
  let transformer;
  try {
    transformer = require('@toolwright/scanner/transformer');
  } catch (error) {
    throw new Error(`the scanner's transformer cannot be loaded (${error.message}): build the scanner first (npm run build -w packages/scanner)`, { cause: error });
  }
  return transformer.default(program, { diagnostics: 'ignore' });
}
