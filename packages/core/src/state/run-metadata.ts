import { RunStateError } from '../errors/run-state.error';
import { UserError } from '../errors/user.error';

/** Application data kept with a run (`state.metadata`): a JSON object. */
export type RunMetadata = Record<string, unknown>;

/** Most characters `state.metadata` may take as JSON. */
export const MAX_METADATA_CHARS = 64 * 1024;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The JSON text of `metadata`, checked: a plain object of JSON values that survives a round
 * trip, at most 64 KiB, without the keys `__proto__`, `constructor` or `prototype` at its top.
 * `where` names the option or field in the error. @internal
 */
export function metadataProblem(metadata: unknown): string | undefined {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return `must be a plain object of JSON values, got ${Array.isArray(metadata) ? 'an array' : typeof metadata}`;
  const proto = Object.getPrototypeOf(metadata) as unknown;
  // Object.prototype of any realm (a structuredClone from another context has another one).
  if (proto !== null && Object.getPrototypeOf(proto) !== null) return 'must be a plain object (not a class instance)';
  for (const key of Object.keys(metadata)) if (FORBIDDEN.has(key)) return `must not use the key "${key}"`;
  let text: string;
  try {
    text = JSON.stringify(metadata);
  } catch (error) {
    return `must be JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  if (text.length > MAX_METADATA_CHARS) return `takes ${text.length} characters as JSON; at most ${MAX_METADATA_CHARS} are kept with a run`;
  const odd = nonJsonValue(metadata, '', 0);
  if (odd !== undefined) return `does not survive a JSON round trip: ${odd}`;
  return undefined;
}

/**
 * Where `value` holds something JSON would change or drop (a Date, a Map, `undefined`, a
 * function, a non-finite number, a class instance). The text was at most 64 KiB, which bounds
 * the walk; `depth` guards against what JSON.stringify would not have caught anyway.
 */
function nonJsonValue(value: unknown, path: string, depth: number): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path || '/'} is ${value}`;
  if (typeof value !== 'object') return `${path || '/'} is ${typeof value}`;
  if (depth > 64) return `${path} is nested deeper than 64 levels`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nonJsonValue(value[i], `${path}/${i}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== null && Object.getPrototypeOf(proto) !== null) return `${path || '/'} is a ${(value as object).constructor?.name ?? 'class instance'}`;
  for (const key of Object.keys(value)) {
    const found = nonJsonValue((value as Record<string, unknown>)[key], `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Throws `UserError` when `metadata` cannot be kept with a run. @internal */
export function checkMetadata(metadata: unknown, where: string): RunMetadata {
  const problem = metadataProblem(metadata);
  if (problem) throw new UserError(`${where} ${problem}. Fix: keep application data as a small plain JSON object, e.g. { ticket: 'T-1' }.`);
  return metadata as RunMetadata;
}

/** Reads the `metadata` of a stored state (absent in states of version 1). @internal */
export function parseMetadata(value: unknown): RunMetadata {
  if (value === undefined) return {};
  const problem = metadataProblem(value);
  if (problem) throw new RunStateError(`The run state's metadata ${problem}.`);
  return value as RunMetadata;
}
