/**
 * The neutral tool shape every adapter defines: `query` string, `limit` integer 1..(100+i),
 * `mode` enum of three (one member varies per tool), `tags` optional string array. Tool i differs
 * in name, description, bound and enum; every field is described.
 */
export interface ToolSpec {
  index: number;
  /** snake_case tool name, unique over the whole 10,000-tool catalogue. */
  name: string;
  /** camelCase method name for the decorated-class form. */
  method: string;
  description: string;
  noun: string;
  domain: string;
  query: { description: string };
  limit: { description: string; minimum: number; maximum: number };
  mode: { description: string; values: [string, string, string] };
  tags: { description: string };
}

/** The arguments every tool receives, as the executed function sees them. */
export interface ToolArgs {
  query: string;
  limit: number;
  mode: string;
  tags?: string[] | null;
}

const VERBS = [
  'search', 'list', 'get', 'create', 'update', 'delete', 'archive', 'export', 'import', 'summarize',
  'count', 'tag', 'assign', 'approve', 'reject', 'merge', 'sync', 'audit', 'schedule', 'notify',
] as const;
const NOUNS = [
  'invoices', 'orders', 'customers', 'tickets', 'shipments', 'payments', 'refunds', 'contracts',
  'employees', 'projects', 'tasks', 'documents', 'reports', 'products', 'suppliers', 'leads',
  'campaigns', 'subscriptions', 'accounts', 'devices', 'incidents', 'releases', 'meetings',
  'expenses', 'licenses',
] as const;
const DOMAINS = [
  'billing', 'sales', 'support', 'logistics', 'finance', 'people', 'legal', 'marketing', 'inventory',
  'crm', 'security', 'helpdesk', 'procurement', 'analytics', 'operations', 'engineering',
  'compliance', 'facilities', 'travel', 'payroll',
] as const;

/** How many distinct specs the vocabulary yields (20 verbs × 25 nouns × 20 domains). */
export const MAX_TOOLS = VERBS.length * NOUNS.length * DOMAINS.length;

function camel(words: string[]): string {
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

/** The spec of tool `index` (0-based). Deterministic: the same index always yields the same tool. */
export function toolSpec(index: number): ToolSpec {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_TOOLS) {
    throw new RangeError(`toolSpec(${index}): index must be an integer in 0..${MAX_TOOLS - 1}.`);
  }
  const verb = VERBS[index % VERBS.length]!;
  const noun = NOUNS[Math.floor(index / VERBS.length) % NOUNS.length]!;
  const domain = DOMAINS[Math.floor(index / (VERBS.length * NOUNS.length))]!;
  const verbTitle = verb[0]!.toUpperCase() + verb.slice(1);
  return {
    index,
    name: `${verb}_${noun}_${domain}`,
    method: camel([verb, noun, domain]),
    description: `${verbTitle} ${noun} in the ${domain} system (catalogue entry ${index}).`,
    noun,
    domain,
    query: { description: `Text to match against the ${noun}.` },
    limit: {
      description: `Maximum number of ${noun} to return, 1 to ${100 + index}.`,
      minimum: 1,
      maximum: 100 + index,
    },
    mode: { description: 'How the query is matched.', values: ['fast', 'exact', `${domain}_${index}`] },
    tags: { description: `Only ${noun} carrying all of these tags.` },
  };
}

/** Specs 0..count-1. */
export function toolSpecs(count: number): ToolSpec[] {
  return Array.from({ length: count }, (_, i) => toolSpec(i));
}

/** A typical, valid argument object for `spec` (as a model would send it in strict mode). */
export function typicalArgs(spec: ToolSpec, seq = 0): ToolArgs {
  return {
    query: `overdue ${spec.noun} ${seq}`,
    limit: 10 + (seq % 50),
    mode: seq % 2 === 0 ? 'fast' : spec.mode.values[2],
    tags: ['eu', 'q3'],
  };
}

/** An argument object every framework must reject: `limit` above the tool's bound. */
export function invalidArgs(spec: ToolSpec): ToolArgs {
  return { query: 'x', limit: spec.limit.maximum + 1, mode: 'fast', tags: null };
}

/**
 * The JSON schema of a spec in the strict form (every property required, the optional one
 * nullable, no additional properties): the reference shape all adapters are checked against.
 */
export function strictJsonSchema(spec: ToolSpec): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      query: { type: 'string', description: spec.query.description },
      limit: {
        type: 'integer',
        description: spec.limit.description,
        minimum: spec.limit.minimum,
        maximum: spec.limit.maximum,
      },
      mode: { type: 'string', enum: [...spec.mode.values], description: spec.mode.description },
      tags: {
        anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }],
        description: spec.tags.description,
      },
    },
    required: ['query', 'limit', 'mode', 'tags'],
    additionalProperties: false,
  };
}

/**
 * The schema as a user writes it by hand for a framework that makes it strict itself: `tags`
 * simply optional (not required, not nullable).
 */
export function looseJsonSchema(spec: ToolSpec): Record<string, unknown> {
  const strict = strictJsonSchema(spec) as { properties: Record<string, unknown> };
  return {
    type: 'object',
    properties: {
      ...strict.properties,
      tags: { type: 'array', items: { type: 'string' }, description: spec.tags.description },
    },
    required: ['query', 'limit', 'mode'],
  };
}
