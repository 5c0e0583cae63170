/** Escapes one JSON Pointer segment (RFC 6901): `~` → `~0`, `/` → `~1`. */
export function escapePointerSegment(segment: string | number): string {
  const text = String(segment);
  // Most segments (property names, indexes) need no escaping: skip the two regex passes, which
  // were a visible share of building strict schemas (every node's path is built eagerly).
  if (text.indexOf('~') === -1 && text.indexOf('/') === -1) return text;
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Unescapes one JSON Pointer segment. */
export function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Appends a segment to a JSON Pointer: `pointer('/properties', 'units')` → `/properties/units`. */
export function pointer(base: string, segment: string | number): string {
  return `${base}/${escapePointerSegment(segment)}`;
}

/** Splits a JSON Pointer into unescaped segments; `''` is the root. */
export function pointerSegments(ptr: string): string[] {
  if (ptr === '' || ptr === '/') return ptr === '' ? [] : [''];
  if (!ptr.startsWith('/')) throw new Error(`"${ptr}" is not a JSON Pointer: it must start with "/".`);
  return ptr.slice(1).split('/').map(unescapePointerSegment);
}
