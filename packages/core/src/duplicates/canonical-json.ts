/**
 * JSON text with object keys sorted at every level, so that two equal values give the same text
 * whatever order their keys were written in. `undefined` properties are left out (as
 * `JSON.stringify` does); values with `toJSON` (dates) use it. @internal
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value, 0)) ?? 'null';
}

function sorted(value: unknown, depth: number): unknown {
  if (depth > 100 || typeof value !== 'object' || value === null) return value;
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return sorted(withJson.toJSON(), depth + 1);
  if (Array.isArray(value)) return value.map((v) => sorted(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sorted((value as Record<string, unknown>)[key], depth + 1);
  return out;
}
