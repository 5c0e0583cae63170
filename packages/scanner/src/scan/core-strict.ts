import { toStrictSchema, type JsonSchema } from '@toolwright/core';
import { cloneJson } from '../schema/json-schema-utils';

/** What core's strict rewrite refused: the field's path segments, what is wrong and the fix. */
export interface CoreStrictProblem {
  /** Field path segments (`['who', 'name']`, `[]` items as `'[]'`); empty for the arguments object. */
  path: string[];
  message: string;
  fix: string;
}

/**
 * Runs core's `toStrictSchema` on a schema the scanner's own rules accepted, so that build time
 * and registration agree (core is a peer dependency: the one copy the application runs).
 * Returns the problem, or `undefined` when the schema passes.
 */
export function coreStrictCheck(schema: JsonSchema): CoreStrictProblem | undefined {
  try {
    toStrictSchema(cloneJson(schema));
    return undefined;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const pointer = typeof (error as { path?: unknown }).path === 'string' ? ((error as { path: string }).path) : '';
    // ToolDefinitionError reads `<field> (schema path /...) <what>. Fix: <fix>.`
    const parts = /\(schema path [^)]*\) ([\s\S]*?)\. Fix: ([\s\S]*)\.$/.exec(text);
    return {
      path: fieldSegments(pointer),
      message: parts ? parts[1] : text,
      fix: parts ? parts[2] : 'change the argument types as the message says',
    };
  }
}

/** `/properties/trip/properties/legs/items` → `['trip', 'legs', '[]']` (stops at a definition). */
function fieldSegments(pointer: string): string[] {
  const segments = pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === 'properties' && i + 1 < segments.length) out.push(segments[++i]);
    else if (segment === 'items') out.push('[]');
    else if (segment === '$defs' || segment === 'definitions') break;
    else if (segment === 'anyOf' || segment === 'oneOf' || segment === 'allOf') i++;
  }
  return out;
}
