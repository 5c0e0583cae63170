import Ajv, { type ValidateFunction } from 'ajv';
import { STRING_FORMATS } from './formats';

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
    instance = new Ajv({ allErrors: true, strict: false, addUsedSchema: false, logger: false, validateFormats: true, verbose: true });
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
