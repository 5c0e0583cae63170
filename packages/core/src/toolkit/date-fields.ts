import { pointerSegments } from '../schema/json-pointer';

/** @internal Compiles the `dates` pointers of an embedded schema into segment lists. */
export function compileDatePointers(pointers: readonly string[]): string[][] {
  return pointers.map((p) => pointerSegments(p));
}

/**
 * @internal Replaces the date-time strings at the given paths with `Date` objects, in place.
 * `*` walks every element of an array. Absent fields are left alone.
 */
export function reviveDates(value: unknown, paths: readonly string[][]): void {
  for (const segments of paths) reviveAt(value, segments, 0);
}

function reviveAt(node: unknown, segments: readonly string[], i: number): void {
  if (typeof node !== 'object' || node === null) return;
  const key = segments[i];
  const last = i === segments.length - 1;
  if (key === '*' && Array.isArray(node)) {
    for (let k = 0; k < node.length; k++) {
      if (last) node[k] = toDate(node[k]);
      else reviveAt(node[k], segments, i + 1);
    }
    return;
  }
  const record = node as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(record, key)) return;
  if (last) record[key] = toDate(record[key]);
  else reviveAt(record[key], segments, i + 1);
}

function toDate(value: unknown): unknown {
  return typeof value === 'string' ? new Date(value) : value;
}
