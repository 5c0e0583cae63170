import { pointerSegments } from './json-pointer';

/**
 * A readable name for the field a schema pointer designates, for error messages:
 * `/properties/trip/properties/legs/items/properties/when` → `trip.legs[].when`.
 */
export function fieldPathOf(schemaPointer: string): string {
  const parts: string[] = [];
  const segments = pointerSegments(schemaPointer);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if ((segment === 'properties' || segment === '$defs' || segment === 'definitions') && i + 1 < segments.length) {
      const name = segments[++i];
      parts.push(parts.length === 0 || segment !== 'properties' ? name : `.${name}`);
    } else if (segment === 'items' || segment === 'additionalProperties') {
      parts.push(segment === 'items' ? '[]' : '[key]');
    }
  }
  return parts.join('');
}
