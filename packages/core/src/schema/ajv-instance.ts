import { withCanonicalRefs } from './canonical-refs';
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { lazyModule } from '../lazy/lazy-module';
import { STRING_FORMATS } from './formats';
import { certainlyPassesMetaSchema } from './meta-schema-check';

// ajv (63 files) is loaded when the first schema is checked or compiled, not when
// @toolwright/core is imported: it was about half of the package's import time.
const loadAjv = lazyModule(() => require('ajv') as typeof import('ajv'));

let instance: Ajv | undefined;
let firstErrorInstance: Ajv | undefined;

/**
 * The shared JSON-schema validator compiler: all errors (so every violation can be reported),
 * the offending data and schema on each error (for messages), no ajv-specific strictness (schemas carry provider annotations), no caching of compiled schemas
 * by ajv itself (Toolwright caches per schema object, so changed schemas do not leak).
 *
 * @internal
 */
export function ajv(): Ajv {
  instance ??= createAjv(true);
  return instance;
}

/**
 * The same compiler, stopping at the first error. Tool arguments are checked with it: its
 * validators accept exactly what the all-errors ones accept, but an invalid value costs one
 * error object instead of one per wrong item (a million for a 4 MB array of wrong types).
 *
 * @internal
 */
export function firstErrorAjv(): Ajv {
  // It does not check schemas against the meta-schema itself: compiling the meta-schema was
  // about half of a process's first tool call. `compileSchema` checks them instead, without ajv
  // for plainly valid ones.
  firstErrorInstance ??= createAjv(false, false);
  return firstErrorInstance;
}

function createAjv(allErrors: boolean, validateSchema = true): Ajv {
  const { default: AjvClass } = loadAjv();
  const created = new AjvClass({ allErrors, validateSchema, strict: false, addUsedSchema: false, logger: false, validateFormats: true, verbose: true });
  for (const [name, check] of Object.entries(STRING_FORMATS)) created.addFormat(name, { type: 'string', validate: check });
  return created;
}

/**
 * Compiles `schema` into a validator without retaining it in ajv's own cache. A `$schema`
 * declaration is ignored: tool schemas are validated with draft-07 semantics plus `$defs`.
 * `allErrors: false` gives a validator that stops at the first error.
 *
 * @internal
 */
export function compileSchema(schema: object, options: { allErrors?: boolean } = {}): ValidateFunction {
  const compiler = options.allErrors === false ? firstErrorAjv() : ajv();
  const source = withCanonicalRefs('$schema' in schema ? withoutDialect(schema) : schema);
  // What ajv's compile would have done: refuse a schema the meta-schema refuses, with its error.
  if (compiler === firstErrorInstance && !certainlyPassesMetaSchema(source)) ajv().validateSchema(source, true);
  try {
    return compiler.compile(source);
  } finally {
    compiler.removeSchema(source);
  }
}

/** @internal A shallow copy of `schema` without its `$schema` keyword. */
export function withoutDialect(schema: object): object {
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}
