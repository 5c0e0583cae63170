import { UserError } from '../errors/user.error';
import type { ToolAnnotations } from '../contracts/tool';
import { effectiveAnnotations, TOOL_ANNOTATION_KEYS } from '../tool/tool-annotations';

/**
 * Selects tools by their risk annotations: `{ destructive: true }`, `{ readOnly: false,
 * openWorld: true }`. Every annotation named must have the given value; undeclared annotations
 * count with MCP's defaults (not read-only, destructive, not idempotent, open-world).
 */
export type ToolAnnotationFilter = { [K in keyof ToolAnnotations]?: boolean };

/** Whether `value` is an annotation filter (a plain object), as opposed to a name pattern. @internal */
export function isAnnotationFilter(value: unknown): value is ToolAnnotationFilter {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp);
}

/** A predicate over tools for `filter`; throws `UserError` for an empty filter or unknown keys. @internal */
export function annotationMatcher(filter: ToolAnnotationFilter, where = 'requireApprovalFor'): (tool: ToolAnnotations) => boolean {
  const keys = Object.keys(filter);
  const known: readonly string[] = TOOL_ANNOTATION_KEYS;
  if (keys.length === 0) {
    throw new UserError(`${where}({}) names no annotation. Fix: name one or more of ${known.join(', ')}, e.g. ${where}({ destructive: true }).`);
  }
  for (const key of keys) {
    if (!known.includes(key)) {
      throw new UserError(`${where}: "${key}" is not a risk annotation. Fix: use ${known.join(', ')}.`);
    }
    const value = (filter as Record<string, unknown>)[key];
    if (typeof value !== 'boolean') {
      throw new UserError(`${where}: ${key} must be true or false (got ${JSON.stringify(value) ?? String(value)}).`);
    }
  }
  const wanted = keys.map((key) => [key, (filter as Record<string, boolean>)[key]] as [keyof ToolAnnotations, boolean]);
  return (tool) => {
    const effective = effectiveAnnotations(tool);
    return wanted.every(([key, value]) => effective[key] === value);
  };
}
