import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { lazyModule } from '../lazy/lazy-module';
import { STRING_FORMATS } from './formats';

// ajv (63 files) is loaded when the first schema is checked or compiled, not when
// @toolwright/core is imported: it was about half of the package's import time.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadAjv = lazyModule(() => require('ajv') as typeof import('ajv'));

let instance: Ajv | undefined;

/**
 * The shared JSON-schema validator compiler: all errors (so every violation can be reported),
 * the offending data and schema on each error (for messages), no ajv-specific strictness (schemas carry provider annotations), no caching of compiled schemas
 * by ajv itself (Toolwright caches per schema object, so changed schemas do not leak).
 *
 * @internal
 */
export function ajv(): Ajv {
  if (instance === undefined) {
    const { default: AjvClass } = loadAjv();
    instance = new AjvClass({ allErrors: true, strict: false, addUsedSchema: false, logger: false, validateFormats: true, verbose: true });
    for (const [name, check] of Object.entries(STRING_FORMATS)) instance.addFormat(name, { type: 'string', validate: check });
  }
  return instance;
}

/**
 * Compiles `schema` into a validator without retaining it in ajv's own cache. A `$schema`
 * declaration is ignored: tool schemas are validated with draft-07 semantics plus `$defs`.
 *
 * @internal
 */
export function compileSchema(schema: object): ValidateFunction {
  const compiler = ajv();
  const source = '$schema' in schema ? withoutDialect(schema) : schema;
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
