import type { JsonSchema } from '../contracts/json-schema';
import { hasType } from './schema-intersection';
import { admitsNull, isSchemaObject, sameJson } from './schema-utils';
import type { DefinitionRecord } from './strict-definitions';
import { localKeywordsOf } from './strict-local-schema';

/** What reading rewritten nodes needs from the rewriter: its definitions, rewritten on demand. */
export interface RewrittenDefinitions {
  readonly definitions: { get(ref: string): DefinitionRecord | undefined };
  rewriteDefinition(record: DefinitionRecord): JsonSchema | undefined;
}

/** Questions about nodes already in strict form, following `$ref`s into rewritten definitions. @internal */
export class RewrittenOutput {
  constructor(private readonly host: RewrittenDefinitions) {}

  /** Whether a rewritten node accepts `null` (following `$ref`s into rewritten definitions). */
  admitsNull(node: JsonSchema): boolean {
    const oneOf = localKeywordsOf(node)?.oneOf;
    if (Array.isArray(oneOf)) return oneOf.filter((b) => this.admitsNull(b as JsonSchema)).length === 1;
    return admitsNull(node, (ref) => this.resolve(ref));
  }

  resolve(ref: string): JsonSchema | undefined {
    const record = this.host.definitions.get(ref);
    return record === undefined ? undefined : this.host.rewriteDefinition(record);
  }

  /** A quick check that a default can be what the property holds (type, enum, const). */
  fits(node: JsonSchema, value: unknown, depth = 0): boolean {
    if (depth > 16) return true;
    if (typeof node.$ref === 'string') {
      const target = this.resolve(node.$ref);
      return target === undefined || this.fits(target, value, depth + 1);
    }
    if (Array.isArray(node.anyOf)) return node.anyOf.some((b) => isSchemaObject(b) && this.fits(b, value, depth + 1));
    const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? (node.type as string[]) : undefined;
    if (types !== undefined && !hasType(value, types)) return false;
    if (Array.isArray(node.enum) && !node.enum.some((v) => sameJson(v, value))) return false;
    return !('const' in node) || sameJson(node.const, value);
  }
}
