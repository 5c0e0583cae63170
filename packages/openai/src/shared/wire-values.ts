/** Empty or missing arguments (a call without parameters; `null` from some servers) become `"{}"`. */
export function normaliseArguments(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value : '{}';
}

/** A finite number from the wire, or 0. */
export function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
