/** Keys refused anywhere in tool arguments, so arguments can never reach an object's prototype. */
export const FORBIDDEN_ARGUMENT_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

// Cheap pre-check on the raw text; `\u` catches keys spelled with JSON unicode escapes.
const SUSPICIOUS = /__proto__|constructor|prototype|\\u/;

/** @internal Whether the raw JSON text could contain a forbidden key (false means it cannot). */
export function mayContainForbiddenKeys(raw: string): boolean {
  return SUSPICIOUS.test(raw);
}
