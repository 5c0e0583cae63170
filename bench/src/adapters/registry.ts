import type { Adapter, AdapterId } from './adapter';

/** How the harness finds an adapter without loading its framework until a worker needs it. */
export interface AdapterEntry {
  id: AdapterId;
  label: string;
  /** What a user's program requires to use the framework, in order; timed by the import scenario. */
  importSpecifiers: readonly string[];
  /** npm packages whose installed versions the report lists. */
  packages: readonly string[];
  load(): Adapter;
}

export const ADAPTERS: readonly AdapterEntry[] = [
  {
    id: 'floor',
    label: 'plain JS (floor)',
    importSpecifiers: [],
    packages: [],
    load: () => (require('./floor.adapter') as typeof import('./floor.adapter')).floorAdapter as Adapter,
  },
  {
    id: 'toolwright',
    label: 'Toolwright',
    // A program whose tools are defined with defineTool, or whose decorators the scanner's
    // transformer compiled, needs no reflect-metadata; the Import scenario times it too, apart.
    importSpecifiers: ['@toolwright/core'],
    packages: ['@toolwright/core', '@toolwright/scanner', 'ajv', 'typescript'],
    load: () => (require('./toolwright.adapter') as typeof import('./toolwright.adapter')).toolwrightAdapter as Adapter,
  },
  {
    id: 'agents',
    label: '@openai/agents',
    importSpecifiers: ['@openai/agents'],
    packages: ['@openai/agents', '@openai/agents-core', 'zod'],
    load: () => (require('./agents.adapter') as typeof import('./agents.adapter')).agentsAdapter as Adapter,
  },
  {
    id: 'ai',
    label: 'ai (Vercel AI SDK)',
    importSpecifiers: ['ai'],
    packages: ['ai', '@ai-sdk/provider-utils', 'zod'],
    load: () => (require('./ai.adapter') as typeof import('./ai.adapter')).aiAdapter as Adapter,
  },
];

/** The entry of `id`; throws naming the known ids. */
export function adapterEntry(id: string): AdapterEntry {
  const entry = ADAPTERS.find((a) => a.id === id);
  if (!entry) throw new Error(`Unknown adapter "${id}"; known: ${ADAPTERS.map((a) => a.id).join(', ')}.`);
  return entry;
}

/** The peers Toolwright is compared with (the floor is not a peer). */
export const PEERS: readonly AdapterId[] = ['agents', 'ai'];
