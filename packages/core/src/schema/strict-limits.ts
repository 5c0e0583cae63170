/** Limits enforced by `toStrictSchema`. The first three mirror OpenAI's documented strict-mode limits. */
export interface StrictSchemaLimits {
  /** Levels of object nesting below the root (OpenAI: 10). */
  maxObjectDepth: number;
  /** Object properties in the whole schema (OpenAI: 5,000). */
  maxProperties: number;
  /** Enum values in the whole schema (OpenAI: 1,000). */
  maxEnumValues: number;
  /** Schema nodes visited; a guard against pathological or cyclic input. */
  maxNodes: number;
  /** Nesting of schema nodes of any kind; a guard against runaway recursion. */
  maxSchemaDepth: number;
  /** Hops followed when `$ref`s with sibling keywords are inlined. */
  maxRefHops: number;
}

/** The default limits. */
export const DEFAULT_STRICT_LIMITS: Readonly<StrictSchemaLimits> = Object.freeze({
  maxObjectDepth: 10,
  maxProperties: 5000,
  maxEnumValues: 1000,
  maxNodes: 65_536,
  maxSchemaDepth: 64,
  maxRefHops: 64,
});
