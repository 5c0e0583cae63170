import * as fs from 'fs';
import type { ToolSchemaEntry } from '../schema/tool-schema-entry';
import type { ScannedTool } from '../scan/scan-tools';
import type { ScannedOutput } from '../scan/scan-outputs';
import { sortKeys } from '../schema/json-schema-utils';

/** The default manifest file name, next to the tsconfig. */
export const MANIFEST_FILE = 'toolwright.schemas.json';

/** `toolwright.schemas.json`: every tool's schema keyed by `Class.method`. */
export interface ToolManifest {
  version: 1;
  tools: Record<string, ToolSchemaEntry>;
  /** Agents' output classes (`outputType`, `@Output()`), keyed by class name; absent when there are none. */
  outputs?: Record<string, ToolSchemaEntry>;
  /** MCP `@Prompt` / `@ResourceTemplate` methods' argument schemas, keyed by `Class.method`; absent when there are none. */
  members?: Record<string, ToolSchemaEntry>;
}

/**
 * Builds the manifest of a scan, keys sorted. An entry records the tool's declared risk
 * annotations too, so that `--check` flags a tool whose risk changed (say it lost `readOnly`)
 * and the change shows in review.
 */
export function buildManifest(tools: ScannedTool[], outputs: readonly ScannedOutput[] = [], members: readonly ScannedTool[] = []): ToolManifest {
  const byKey = (a: ScannedTool, b: ScannedTool): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const entries = [...tools].sort(byKey);
  const manifest: ToolManifest = {
    version: 1,
    tools: Object.fromEntries(entries.map((tool) => [tool.key, tool.annotations ? { ...tool.schema, annotations: tool.annotations } : tool.schema])),
  };
  // One entry per class, however many places name it (the schema is the class's).
  const byClass = new Map<string, ToolSchemaEntry>();
  for (const output of outputs) if (!byClass.has(output.className)) byClass.set(output.className, output.schema);
  if (byClass.size > 0) manifest.outputs = Object.fromEntries(byClass);
  if (members.length > 0) manifest.members = Object.fromEntries([...members].sort(byKey).map((member) => [member.key, member.schema]));
  return manifest;
}

/** The manifest's file text: stable (sorted keys, two-space indent, final newline). */
export function serializeManifest(manifest: ToolManifest): string {
  const outputs = manifest.outputs !== undefined ? { outputs: sortKeys(manifest.outputs) } : {};
  const members = manifest.members !== undefined ? { members: sortKeys(manifest.members) } : {};
  return `${JSON.stringify({ version: manifest.version, tools: sortKeys(manifest.tools), ...outputs, ...members }, null, 2)}\n`;
}

/** Reads a manifest file; `undefined` when it does not exist. Throws when it is not a manifest. */
export function readManifest(file: string): ToolManifest | undefined {
  if (!fs.existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}) — delete it and run toolwright scan again`, { cause: error });
  }
  const manifest = parsed as Partial<ToolManifest>;
  if (manifest?.version !== 1 || typeof manifest.tools !== 'object' || manifest.tools === null) {
    throw new Error(`${file} is not a version 1 Toolwright manifest — delete it and run toolwright scan again`);
  }
  return manifest as ToolManifest;
}

/** How a manifest on disk differs from a fresh scan. */
export interface ManifestDrift {
  /** Tools the scan found that the manifest lacks. */
  missing: string[];
  /** Tools in the manifest that no longer exist. */
  orphaned: string[];
  /** Tools whose schema changed. */
  stale: string[];
}

/** Compares the manifest on disk (`undefined`: no file) with the expected one. */
export function compareManifests(actual: ToolManifest | undefined, expected: ToolManifest): ManifestDrift {
  const prefixed = (m: ToolManifest | undefined): Record<string, ToolSchemaEntry> => ({
    ...(m?.tools ?? {}),
    ...Object.fromEntries(Object.entries(m?.outputs ?? {}).map(([name, entry]) => [`output ${name}`, entry])),
    ...Object.fromEntries(Object.entries(m?.members ?? {}).map(([key, entry]) => [`member ${key}`, entry])),
  });
  const have = prefixed(actual);
  const want = prefixed(expected);
  const missing = Object.keys(want).filter((key) => !(key in have));
  const orphaned = Object.keys(have).filter((key) => !(key in want));
  const stale = Object.keys(want).filter(
    (key) => key in have && JSON.stringify(sortKeys(have[key])) !== JSON.stringify(sortKeys(want[key])),
  );
  return { missing: missing.sort(), orphaned: orphaned.sort(), stale: stale.sort() };
}

/** Whether a drift has any entry. */
export function hasDrift(drift: ManifestDrift): boolean {
  return drift.missing.length + drift.orphaned.length + drift.stale.length > 0;
}
