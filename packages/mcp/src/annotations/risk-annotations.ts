import type { Tool, ToolAnnotations } from '@toolwright/core';

/**
 * MCP tool annotations: hints a server gives about a tool's behaviour. They are not guarantees;
 * do not trust them from a server you do not trust.
 */
export interface McpToolAnnotations {
  title?: string;
  /** The tool does not change its environment. */
  readOnlyHint?: boolean;
  /** The tool may destroy or overwrite data (meaningful when not read-only). */
  destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect. */
  idempotentHint?: boolean;
  /** The tool reaches outside a closed domain (the web, other systems). */
  openWorldHint?: boolean;
}

type HintAnnotation = Exclude<keyof McpToolAnnotations, 'title'>;

/**
 * Core's risk annotations and MCP's hints, pair by pair. This file is the one place the two are
 * mapped, in both directions: undeclared stays undeclared (policies such as
 * `requireApprovalFor({ destructive: true })` read MCP's defaults for those).
 */
const PAIRS: ReadonlyArray<readonly [keyof ToolAnnotations, HintAnnotation]> = [
  ['readOnly', 'readOnlyHint'],
  ['destructive', 'destructiveHint'],
  ['idempotent', 'idempotentHint'],
  ['openWorld', 'openWorldHint'],
];

/**
 * The values of core's risk annotations that only add caution: each makes policies treat the
 * tool as riskier (gate it, refuse it while planning, never re-run it). A hint of an untrusted
 * server is kept only when it has one of these values.
 */
const CAUTIOUS: Readonly<Record<keyof Pick<ToolAnnotations, 'readOnly' | 'destructive' | 'idempotent' | 'openWorld'>, boolean>> = {
  readOnly: false,
  destructive: true,
  idempotent: false,
  openWorld: true,
};

/** How far a server's hints are believed (`McpToolset({ trustAnnotations })`). */
export interface McpAnnotationTrust {
  /**
   * `true`: every hint becomes the matching risk annotation, so `readOnlyHint: true` lets the tool
   * run in plan mode and takes it out of `requireApprovalFor({ destructive: true })`. Default
   * `false`: only hints that add caution are kept (`readOnlyHint: false`, `destructiveHint: true`,
   * `idempotentHint: false`, `openWorldHint: true`); a hint that would unlock anything is dropped.
   */
  trusted?: boolean;
}

/**
 * The risk annotations an MCP tool declares, as core's `ToolAnnotations`. Hints of a server are
 * not guarantees: by default (untrusted) only the ones that add caution are kept, so a server
 * cannot declare its delete tool read-only to slip past plan mode or approval. Trusted, every hint
 * is kept, and a tool marked read-only keeps no `destructive` hint (MCP: it is meaningful only for
 * tools that are not read-only), so a contradictory server cannot make the tool unusable.
 */
export function toolAnnotationsFromMcp(annotations: McpToolAnnotations | undefined, trust: McpAnnotationTrust = {}): ToolAnnotations {
  const out: ToolAnnotations = {};
  if (!annotations) return out;
  const trusted = trust.trusted === true;
  for (const [field, hint] of PAIRS) {
    const value = annotations[hint];
    if (typeof value !== 'boolean') continue;
    if (trusted || CAUTIOUS[field as keyof typeof CAUTIOUS] === value) out[field] = value;
  }
  if (out.readOnly === true) delete out.destructive;
  return out;
}

/**
 * The MCP annotations to advertise for a Toolwright tool: the risk annotations it declares,
 * overlaid with `override` (`serveMcp`'s `annotations` option). `undefined` when there is
 * nothing to say.
 */
export function mcpAnnotationsForTool(tool: Tool, override?: McpToolAnnotations): McpToolAnnotations | undefined {
  const annotations: McpToolAnnotations = {};
  for (const [field, hint] of PAIRS) {
    const value = tool[field];
    if (typeof value === 'boolean') annotations[hint] = value;
  }
  if (override) Object.assign(annotations, override);
  return Object.keys(annotations).length > 0 ? annotations : undefined;
}

/**
 * Whether an MCP tool's annotations ask for approval by default: an explicit
 * `destructiveHint: true`. A trusted server's `readOnlyHint: true` wins over it (MCP: the hint is
 * meaningful only for tools that are not read-only); an untrusted server's does not. Unannotated
 * tools are not gated, as local tools without `needsApproval` are not; to gate every tool MCP
 * would call destructive, add core's `requireApprovalFor({ destructive: true })` to the runner,
 * or pass `requireApproval`.
 */
export function destructiveByAnnotations(annotations: McpToolAnnotations | undefined, trust: McpAnnotationTrust = {}): boolean {
  if (annotations?.destructiveHint !== true) return false;
  return trust.trusted !== true || annotations.readOnlyHint !== true;
}
