import * as ts from 'typescript';

/** The TypeScript versions whose compiler API the transformer runs inside. */
export const SUPPORTED_TYPESCRIPT = '>=5.0 <7';

/** What to do instead when the transformer cannot run (TypeScript 7, esbuild, swc, ...). */
export const GENERATED_MODULE_ADVICE =
  'TypeScript 7 (tsgo) has no transformer plugins. Generate the schemas as a module instead, which works with every compiler and bundler: ' +
  '`npx toolwright scan -p tsconfig.json --emit src/toolwright.schemas.ts`, import it once at the top of your entry file ' +
  "(`import './toolwright.schemas';`), and guard it in CI with `--check`";

/** The compiler API surface the transformer uses from the compiler that made the program. */
export type HostTypeScript = typeof ts;

/** An error the transformer raises when its environment cannot work; the message says how to fix it. */
export class TransformerSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransformerSetupError';
  }
}

const sourceFileClasses = new WeakMap<object, unknown>();

/** The class of the source files a compiler module makes (each copy of TypeScript has its own). */
function sourceFileClassOf(candidate: HostTypeScript): unknown {
  let cls = sourceFileClasses.get(candidate);
  if (cls === undefined) {
    cls = candidate.createSourceFile('toolwright-probe.ts', '', candidate.ScriptTarget.Latest).constructor;
    sourceFileClasses.set(candidate, cls);
  }
  return cls;
}

function looksLikeTypeScript(value: unknown): value is HostTypeScript {
  const candidate = value as Partial<HostTypeScript> | undefined;
  return (
    typeof candidate === 'object' && candidate !== null &&
    typeof candidate.createSourceFile === 'function' && typeof candidate.visitEachChild === 'function' && typeof candidate.version === 'string'
  );
}

/** Whether `program`'s source files were made by `candidate`. */
export function madeBy(candidate: HostTypeScript, program: ts.Program): boolean {
  const [first] = program.getSourceFiles();
  return first === undefined || first.constructor === sourceFileClassOf(candidate);
}

/** The TypeScript modules this process has loaded (the host compiler is one of them). */
function loadedCompilers(): HostTypeScript[] {
  const found: HostTypeScript[] = [];
  for (const [file, module] of Object.entries(require.cache)) {
    if (!/[\\/]lib[\\/](typescript|tsserverlibrary)\.js$/.test(file)) continue;
    if (looksLikeTypeScript(module?.exports)) found.push(module.exports);
  }
  return found;
}

/** The `typescript` package the project in `dir` would load, if it has one with a compiler API. */
function projectTypeScript(dir: string): { compiler?: HostTypeScript; version?: string } {
  let resolved: string;
  try {
    resolved = require.resolve('typescript', { paths: [dir] });
  } catch {
    return {};
  }
  const loaded: unknown = require(resolved);
  if (looksLikeTypeScript(loaded)) return { compiler: loaded, version: loaded.version };
  const version = (loaded as { version?: unknown } | undefined)?.version;
  return { version: typeof version === 'string' ? version : undefined };
}

/** Whether a TypeScript version is in {@link SUPPORTED_TYPESCRIPT}. */
export function isSupportedTypeScript(version: string): boolean {
  const major = Number.parseInt(version, 10);
  return major >= 5 && major < 7;
}

/** The error for a compiler outside {@link SUPPORTED_TYPESCRIPT}. */
export function unsupportedTypeScript(version: string): TransformerSetupError {
  return new TransformerSetupError(
    `@toolwright/scanner/transformer runs inside TypeScript ${SUPPORTED_TYPESCRIPT}, and this build uses TypeScript ${version}. ` +
      `Fix: build with TypeScript 5.x or 6.x, or — ${GENERATED_MODULE_ADVICE}.`,
  );
}

/**
 * The TypeScript module that made `program`: the transformer edits that compiler's syntax trees
 * with that compiler's functions (node kinds differ between versions), while the scanner analyses
 * the code with its own copy. `hint` is what the host passed (ts-patch's `extras.ts`, ts-jest's
 * compiler module). Throws {@link TransformerSetupError} naming the supported range when the
 * host is not a supported TypeScript.
 */
export function hostTypeScript(program: ts.Program, hint?: unknown): HostTypeScript {
  if (typeof (program as Partial<ts.Program> | undefined)?.getSourceFiles !== 'function') {
    const project = projectTypeScript(process.cwd());
    if (project.version !== undefined && !isSupportedTypeScript(project.version)) throw unsupportedTypeScript(project.version);
    throw new TransformerSetupError(
      '@toolwright/scanner/transformer was called without a TypeScript program. ' +
        'Fix: register it as a program transformer (ts-patch: `{ "transform": "@toolwright/scanner/transformer" }`; ' +
        "ts-jest: `astTransformers: { before: ['@toolwright/scanner/transformer'] }`; Nest CLI: `\"plugins\": [\"@toolwright/scanner\"]`), " +
        `or pass the program: \`program.emit(undefined, undefined, undefined, false, { before: [transformer(program)] })\`. Otherwise — ${GENERATED_MODULE_ADVICE}.`,
    );
  }
  const candidates = [hint, ts, ...loadedCompilers(), projectTypeScript(process.cwd()).compiler].filter(looksLikeTypeScript);
  const host = candidates.find((candidate) => madeBy(candidate, program));
  if (host === undefined) {
    throw new TransformerSetupError(
      '@toolwright/scanner/transformer cannot find the TypeScript module that made the program it was given. ' +
        "Fix: pass it as the `typescript` option (e.g. `transformer(program, { typescript: require('typescript') })`).",
    );
  }
  if (!isSupportedTypeScript(host.version)) throw unsupportedTypeScript(host.version);
  return host;
}
