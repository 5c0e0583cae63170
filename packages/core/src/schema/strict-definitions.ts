import type { JsonSchema } from '../contracts/json-schema';
import { escapePointerSegment, pointerSegments } from './json-pointer';

/** One definition of the rewritten schema: a root `$defs`/`definitions` entry, or a hoisted one. @internal */
export interface DefinitionRecord {
  container: '$defs' | 'definitions';
  name: string;
  /** The `$ref` that points at it in the rewritten schema. */
  ref: string;
  /** The input schema it is rewritten from. */
  input: unknown;
  /** The input node whose rewrite is under way while this one is (for recursion). */
  origin?: object;
  base: string;
  /** The input JSON pointer, for error messages. */
  path: string;
  state: 'pending' | 'busy' | 'done';
  out?: JsonSchema;
}

/**
 * The definitions of one rewritten schema, in order: the root's own entries first (under their
 * own container and name), then the targets the rewrite hoisted (references to places that are
 * not a root definition, when inlining them would recurse), under `$defs` with unique names.
 *
 * @internal
 */
export class DefinitionTable {
  private readonly byRef = new Map<string, DefinitionRecord>();
  private readonly names = new Set<string>();

  add(container: '$defs' | 'definitions', name: string, input: unknown, base: string): DefinitionRecord {
    const ref = `#/${container}/${encodeRefSegment(name)}`;
    const record: DefinitionRecord = { container, name, ref, input, base, path: `/${container}/${escapePointerSegment(name)}`, state: 'pending' };
    this.byRef.set(ref, record);
    if (container === '$defs') this.names.add(name);
    return record;
  }

  /** Adds a hoisted definition named after the place it comes from (`#/properties/node` → `node`). */
  hoist(fromPointer: string, input: unknown, base: string, origin: object): DefinitionRecord {
    const name = this.uniqueName(nameFor(fromPointer));
    const record = this.add('$defs', name, input, base);
    record.path = fromPointer;
    record.origin = origin;
    return record;
  }

  /** The record a rewritten `$ref` points at. */
  get(ref: string): DefinitionRecord | undefined {
    return this.byRef.get(ref);
  }

  /** The record of a root entry, by container and name. */
  entry(container: '$defs' | 'definitions', name: string): DefinitionRecord | undefined {
    return this.byRef.get(`#/${container}/${encodeRefSegment(name)}`);
  }

  all(): DefinitionRecord[] {
    return [...this.byRef.values()];
  }

  /** The rewritten definitions, grouped by container, to attach to the root. */
  containers(): Partial<Record<'$defs' | 'definitions', JsonSchema>> {
    const out: Partial<Record<'$defs' | 'definitions', JsonSchema>> = {};
    for (const record of this.byRef.values()) {
      const container = (out[record.container] ??= {});
      container[record.name] = record.out;
    }
    return out;
  }

  private uniqueName(base: string): string {
    let name = base;
    for (let n = 2; this.names.has(name); n++) name = `${base}_${n}`;
    return name;
  }
}

/** A JSON pointer segment as it must appear in a `$ref` (escaped, then percent-encoded). */
function encodeRefSegment(name: string): string {
  const escaped = escapePointerSegment(name);
  return /^[A-Za-z0-9_.~-]*$/.test(escaped) ? escaped : encodeURIComponent(escaped);
}

function nameFor(pointer: string): string {
  const segments = pointer === '' ? [] : pointerSegments(pointer);
  const last = segments.length > 0 ? segments[segments.length - 1] : 'Root';
  const readable = /^\d+$/.test(last) && segments.length > 1 ? `${segments[segments.length - 2]}_${last}` : last;
  const safe = readable.replace(/[^A-Za-z0-9_.-]/g, '_');
  return safe === '' ? 'Schema' : safe;
}
