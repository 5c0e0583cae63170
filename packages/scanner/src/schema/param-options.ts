import { materialize } from './class-validator';
import { valueBranches, type Definitions, type SchemaNode } from './json-schema-utils';
import type { StaticValue } from './static-value';

const ON_PROPERTY = ['description', 'title'] as const;
const ON_VALUE = ['enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format'] as const;

/**
 * Merges `@Param(name, options)` into the parameter's schema: `description` and `title` on the
 * property, the value keywords (`enum`, bounds, `pattern`, `format`) on its non-null branches.
 * Options win over what the type and JSDoc gave.
 */
export function applyParamOptions(
  property: SchemaNode,
  options: { [key: string]: StaticValue } | undefined,
  definitions: Definitions,
): void {
  if (!options) return;
  for (const key of ON_PROPERTY) if (options[key] !== undefined) property[key] = options[key];
  const present = ON_VALUE.filter((key) => options[key] !== undefined);
  if (present.length === 0) return;
  for (const node of valueBranches(materialize(property, definitions))) {
    for (const key of present) {
      const value = options[key];
      (node as Record<string, unknown>)[key] = Array.isArray(value) ? [...value] : value;
    }
  }
}
