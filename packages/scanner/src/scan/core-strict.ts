import type { JsonSchema } from '@toolwright/core';
import { cloneJson } from '../schema/json-schema-utils';

type StrictRewrite = (schema: JsonSchema) => JsonSchema;

let cached: StrictRewrite | null | undefined;

/**
 * Runs core's `toStrictSchema` on a schema the scanner's own rules accepted, so that build time
 * and registration agree. Core is loaded lazily and only if it can be: the scanner works on its
 * own rules when it cannot. Returns the error message, or `undefined` when the schema passes.
 */
export function coreStrictCheck(schema: JsonSchema): string | undefined {
  const rewrite = loadRewrite();
  if (!rewrite) return undefined;
  try {
    rewrite(cloneJson(schema));
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function loadRewrite(): StrictRewrite | null {
  if (cached !== undefined) return cached;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const core = require('@toolwright/core') as { toStrictSchema?: StrictRewrite };
    cached = typeof core.toStrictSchema === 'function' ? core.toStrictSchema : null;
  } catch {
    // Core is not installed next to the scanner: its own strict rules are the whole check.
    cached = null;
  }
  return cached;
}
