import type { EmbeddedToolSchema } from '../metadata/embedded-schema';
import { getMetadataStorage } from '../metadata/metadata-storage';
import { outputManifestKey } from '../metadata/metadata-keys';

/** What is known of one output class's schema: the JSON text the transformer embedded, or an object. */
export type OutputSchemaRecord = { text: string } | { schema: EmbeddedToolSchema };

const REGISTRY_KEY = Symbol.for('toolwright.output-schemas');

/** The process's registry of output class schemas (one per process, shared by ESM and CJS copies of core). */
function registry(): WeakMap<Function, OutputSchemaRecord> {
  const slot = globalThis as unknown as Record<symbol, WeakMap<Function, OutputSchemaRecord> | undefined>;
  return (slot[REGISTRY_KEY] ??= new WeakMap());
}

/** Records the schema the scanner embedded for an output class. @internal */
export function registerOutputSchema(type: Function, record: OutputSchemaRecord): void {
  registry().set(type, record);
}

/**
 * The schema known for `type`: embedded (by `@Output(...)` or at a `new Agent({ outputType })`),
 * else a loaded manifest's entry for the class name. @internal
 */
export function outputSchemaOf(type: Function): OutputSchemaRecord | undefined {
  const embedded = registry().get(type);
  if (embedded) return embedded;
  const manifest = getMetadataStorage().manifestSchemaOf(outputManifestKey(type.name));
  return manifest ? { schema: manifest } : undefined;
}

/**
 * Marks a DTO class as an agent's answer type: the scanner embeds its strict schema (from the
 * TypeScript types, JSDoc and class-validator decorators, like an `@Args` DTO), so the class can be
 * used as `outputType` wherever it is passed, directly or not. Classes written directly as
 * `new Agent({ outputType: TripPlan })` do not need it.
 *
 * @example
 * @Output()
 * export class TripPlan { destination!: string; days!: TripDay[] }
 */
export function Output(embedded?: string | EmbeddedToolSchema): ClassDecorator {
  return (target) => {
    if (typeof embedded === 'string') registerOutputSchema(target, { text: embedded });
    else if (embedded !== undefined && embedded !== null) registerOutputSchema(target, { schema: embedded });
  };
}
