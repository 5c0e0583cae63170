/**
 * A schema whose `$ref` fragments are written so that ajv reads them as RFC 6901 §6 says: the
 * fragment percent-decoded as a whole, then split into pointer segments. ajv splits first, so
 * `#/$defs/A%2Fproperties%2FB` would name the key `A/properties/B`; rewritten, it is
 * `#/$defs/A/properties/B`, as the rest of Toolwright resolves it. The schema itself when no
 * `$ref` holds a percent-escape (the common case); otherwise a rewritten copy. @internal
 */
export function withCanonicalRefs<T extends object>(schema: T): T {
  const text = JSON.stringify(schema);
  if (!/"\$ref":"[^"]*%/.test(text)) return schema;
  return JSON.parse(text, (key, value: unknown) => (key === '$ref' && typeof value === 'string' ? canonicalRef(value) : value)) as T;
}

/** `value`'s fragment decoded as a whole, then each segment escaped again (`~0`, `~1`, percent). */
function canonicalRef(value: string): string {
  const hash = value.indexOf('#');
  if (hash < 0) return value;
  const fragment = value.slice(hash + 1);
  if (!fragment.startsWith('/') || !fragment.includes('%')) return value;
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    // A malformed escape is left for ajv to refuse, as it would have.
    return value;
  }
  const segments = decoded.slice(1).split('/');
  return `${value.slice(0, hash)}#/${segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;
}
