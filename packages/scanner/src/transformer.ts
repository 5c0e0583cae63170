/**
 * `@toolwright/scanner/transformer`: the schema transformer for tsc (ts-patch) and ts-jest.
 *
 * - ts-patch (`tsconfig.json`): `"plugins": [{ "transform": "@toolwright/scanner/transformer" }]`
 *   — the default export is a program transformer factory `(program, config) => TransformerFactory`.
 * - ts-jest: `astTransformers: { before: ['@toolwright/scanner/transformer'] }` — ts-jest calls
 *   {@link factory} with its compiler and reads {@link name} and {@link version}.
 * - the compiler API: `program.emit(undefined, undefined, undefined, false, { before: [transformer(program)] })`.
 */
import type * as ts from 'typescript';
import { createSchemaTransformer, type SchemaTransformerOptions } from './transformer/schema-transformer';

export { createSchemaTransformer } from './transformer/schema-transformer';
export type { SchemaTransformerOptions } from './transformer/schema-transformer';

/** The transformer's name, read by ts-jest for its cache key. */
export const name = 'toolwright-schema-transformer';

/** Bumped whenever the emitted code changes, so ts-jest's cache is invalidated. */
export const version = '1';

/** The part of ts-jest's `TsCompiler` the transformer uses. */
export interface TsJestCompilerLike {
  program?: ts.Program;
  _languageService?: { getProgram(): ts.Program | undefined };
}

/**
 * ts-jest `astTransformers` entry point. The language service's current program is read per
 * file: ts-jest's `program` field is only the first program it made.
 */
export function factory(compiler: TsJestCompilerLike, options?: SchemaTransformerOptions): ts.TransformerFactory<ts.SourceFile> {
  return createSchemaTransformer(() => compiler._languageService?.getProgram() ?? compiler.program, options);
}

/** ts-patch program plugin (and compiler API) entry point. */
export default function transformer(program: ts.Program, config?: SchemaTransformerOptions): ts.TransformerFactory<ts.SourceFile> {
  return createSchemaTransformer(() => program, config);
}
