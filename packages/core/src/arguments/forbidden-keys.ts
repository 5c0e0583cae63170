import type { ArgumentViolation } from '../errors/tool-arguments.error';
import { pointer } from '../schema/json-pointer';

/** Keys refused anywhere in tool arguments, so arguments can never reach an object's prototype. */
export const FORBIDDEN_ARGUMENT_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

// Cheap pre-check on the raw text; `\u` catches keys spelled with JSON unicode escapes.
const SUSPICIOUS = /__proto__|constructor|prototype|\\u/;

/** @internal Whether the raw JSON text could contain a forbidden key (false means it cannot). */
export function mayContainForbiddenKeys(raw: string): boolean {
  return SUSPICIOUS.test(raw);
}

/** @internal Every forbidden key in a parsed JSON value, with its JSON pointer. */
export function forbiddenKeyViolations(value: unknown, path = '', out: ArgumentViolation[] = []): ArgumentViolation[] {
  if (typeof value !== 'object' || value === null) return out;
  if (Array.isArray(value)) {
    value.forEach((element, i) => forbiddenKeyViolations(element, pointer(path, i), out));
    return out;
  }
  for (const key of Object.keys(value)) {
    const at = pointer(path, key);
    if (FORBIDDEN_ARGUMENT_KEYS.has(key)) {
      out.push({ path: at, message: `the key "${key}" is not allowed in tool arguments; remove it` });
    } else {
      forbiddenKeyViolations((value as Record<string, unknown>)[key], at, out);
    }
  }
  return out;
}
