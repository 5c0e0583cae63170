/**
 * `@toolwright/scanner/transformer` (also `@toolwright/scanner/plugin`): the schema transformer
 * for TypeScript 5.x and 6.x hosts.
 *
 * - ts-patch (`tsconfig.json`): `"plugins": [{ "transform": "@toolwright/scanner/transformer" }]`
 *   — the default export is a program transformer factory `(program, config, extras) => TransformerFactory`.
 * - ts-jest: `astTransformers: { before: ['@toolwright/scanner/transformer'] }` — ts-jest calls
 *   {@link factory} with its compiler and reads {@link name} and {@link version}.
 * - the Nest CLI: `"plugins": ["@toolwright/scanner"]` in `nest-cli.json` — Nest calls {@link before}.
 * - the compiler API: `const before = [transformer(program)]; program.emit(undefined, undefined, undefined, false, { before })`.
 *
 * Under TypeScript 7 (tsgo), which runs no transformers, use the generated module
 * (`toolwright scan --emit`) instead.
 */
import type * as ts from 'typescript';
import { addDiagnosticChannel, attachToEmit, emitResultChannel, tsJestChannel, type TsJestConfigSetLike } from './transformer/diagnostic-channel';
import { hostTypeScript } from './transformer/host-typescript';
import { checkTransformerOptions } from './transformer/transformer-options';
import { createSchemaTransformer, type SchemaTransformerOptions } from './transformer/schema-transformer';

export { createSchemaTransformer } from './transformer/schema-transformer';
export type { SchemaTransformerOptions } from './transformer/schema-transformer';
export { SUPPORTED_TYPESCRIPT, TransformerSetupError } from './transformer/host-typescript';
export { TOOLWRIGHT_DIAGNOSTIC_CODE } from './diagnostics/compiler-diagnostic';

/** The transformer's name, read by ts-jest for its cache key. */
export const name = 'toolwright-schema-transformer';

/** Bumped whenever the emitted code or the diagnostics change, so ts-jest's cache is invalidated. */
export const version = '6';

/** The part of ts-jest's `TsCompiler` the transformer uses. */
export interface TsJestCompilerLike {
  program?: ts.Program;
  _languageService?: { getProgram(): ts.Program | undefined };
  configSet?: Partial<TsJestConfigSetLike> & { compilerModule?: unknown };
}

/** What ts-patch passes to a program transformer besides the program and its config. */
export interface TransformerExtrasLike {
  ts?: unknown;
  addDiagnostic?: (diagnostic: ts.Diagnostic) => number;
}

/**
 * ts-jest `astTransformers` entry point. The language service's current program is read per
 * file: ts-jest's `program` field is only the first program it made. Scan errors are raised
 * through ts-jest, like type errors.
 */
export function factory(compiler: TsJestCompilerLike, options?: SchemaTransformerOptions): ts.TransformerFactory<ts.SourceFile> {
  const checked = checkTransformerOptions(options);
  const configSet = compiler.configSet;
  const channel = typeof configSet?.raiseDiagnostics === 'function' ? tsJestChannel(configSet as TsJestConfigSetLike) : emitResultChannel;
  return createSchemaTransformer(
    () => compiler._languageService?.getProgram() ?? compiler.program,
    { ...checked, typescript: checked.typescript ?? configSet?.compilerModule },
    channel,
  );
}

/**
 * ts-patch program plugin and compiler API entry point. Under ts-patch scan errors become
 * diagnostics of the compilation; otherwise they are added to the emit result of `program`
 * (create the transformer before calling `emit`).
 */
export default function transformer(program: ts.Program, config?: SchemaTransformerOptions, extras?: TransformerExtrasLike): ts.TransformerFactory<ts.SourceFile> {
  const options = checkTransformerOptions(config);
  const typescript = options.typescript ?? extras?.ts;
  hostTypeScript(program, typescript);
  // One program emitted whole: the first file's scan takes in every file of it.
  if (typeof extras?.addDiagnostic === 'function') {
    return createSchemaTransformer(() => program, { ...options, typescript }, addDiagnosticChannel(extras.addDiagnostic), 'program');
  }
  attachToEmit(program);
  return createSchemaTransformer(() => program, { ...options, typescript }, emitResultChannel, 'program');
}

/**
 * Nest CLI plugin entry point (`"plugins": ["@toolwright/scanner"]` or
 * `[{ "name": "@toolwright/scanner", "options": { "diagnostics": "warn" } }]` in nest-cli.json):
 * `nest build` and `nest start --watch` print scan errors with the type errors and fail on them.
 */
export function before(options: SchemaTransformerOptions | undefined, program: ts.Program): ts.TransformerFactory<ts.SourceFile> {
  const checked = checkTransformerOptions(options);
  hostTypeScript(program, checked.typescript);
  attachToEmit(program);
  return createSchemaTransformer(() => program, checked, emitResultChannel);
}
