import type { ModelRequest, ModelSettings, ToolChoice } from '@toolwright/core';

/** The settings that apply to one request, after merging defaults and the request's own. */
export interface ResolvedSettings extends ModelSettings {
  parallelToolCalls?: boolean;
  toolChoice?: ToolChoice;
}

/**
 * Merges the model's default settings with the request's: request settings win key by key, and
 * the request's top-level `parallelToolCalls` / `toolChoice` win over both. `undefined` never
 * overrides, so `parallelToolCalls` stays omitted unless someone set it.
 */
export function resolveSettings(defaults: ModelSettings | undefined, request: ModelRequest): ResolvedSettings {
  const merged: ResolvedSettings = { ...defined(defaults ?? {}), ...defined(request.settings ?? {}) };
  if (request.parallelToolCalls !== undefined) merged.parallelToolCalls = request.parallelToolCalls;
  if (request.toolChoice !== undefined) merged.toolChoice = request.toolChoice;
  const extra = { ...(defaults?.extraBody ?? {}), ...(request.settings?.extraBody ?? {}) };
  if (Object.keys(extra).length > 0) merged.extraBody = extra;
  return merged;
}

function defined<T extends object>(value: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
