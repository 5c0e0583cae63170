import { readFileSync } from 'node:fs';
import { UserError } from '../errors/user.error';
import { isSchemaObject } from '../schema/schema-utils';
import { checkEmbeddedSchema } from './embedded-schema-check';
import type { EmbeddedToolSchema, SchemaManifest } from './embedded-schema';
import { SCHEMA_MANIFEST_FILE, SCHEMA_MANIFEST_VERSION, memberManifestKey, outputManifestKey } from './metadata-keys';
import { getMetadataStorage } from './metadata-storage';

/**
 * Registers the schemas of a manifest written by `toolwright scan`. The module
 * `toolwright scan --emit` generates calls it when imported (the way that works with any
 * compiler and from any output directory); a JSON manifest (`--out`) can be loaded by path or as
 * an object. An embedded schema still wins over the manifest. Call before `toolsOf` / the first run.
 *
 * @returns the number of tools registered.
 * @example
 * // A JSON manifest (`toolwright scan --out toolwright.schemas.json`) beside package.json, from dist/:
 * loadSchemaManifest(join(__dirname, '..', 'toolwright.schemas.json'));
 */
export function loadSchemaManifest(pathOrManifest: string | SchemaManifest): number {
  const manifest = typeof pathOrManifest === 'string' ? readManifest(pathOrManifest) : pathOrManifest;
  const source = typeof pathOrManifest === 'string' ? pathOrManifest : 'the manifest object';
  checkManifest(manifest, source);
  getMetadataStorage().registerManifestSchemas(manifest.tools);
  if (manifest.outputs !== undefined) {
    const outputs: Record<string, EmbeddedToolSchema> = {};
    for (const [name, entry] of Object.entries(manifest.outputs)) outputs[outputManifestKey(name)] = entry;
    getMetadataStorage().registerManifestSchemas(outputs);
  }
  if (manifest.members !== undefined) {
    const members: Record<string, EmbeddedToolSchema> = {};
    for (const [key, entry] of Object.entries(manifest.members)) members[memberManifestKey(key)] = entry;
    getMetadataStorage().registerManifestSchemas(members);
  }
  return Object.keys(manifest.tools).length;
}

function readManifest(path: string): SchemaManifest {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UserError(
      `Cannot read the schema manifest "${path}" (${(error as Error).message}). ` +
        `Fix: run \`npx toolwright scan -p tsconfig.json --out ${SCHEMA_MANIFEST_FILE}\`, or pass the right path.`,
    );
  }
  try {
    return JSON.parse(text) as SchemaManifest;
  } catch (error) {
    throw new UserError(`The schema manifest "${path}" is not valid JSON (${(error as Error).message}). Fix: regenerate it with \`toolwright scan\`.`);
  }
}

function checkManifest(manifest: unknown, source: string): asserts manifest is SchemaManifest {
  if (!isSchemaObject(manifest)) throw new UserError(`The schema manifest (${source}) must be an object { version, tools }.`);
  if (manifest.version !== SCHEMA_MANIFEST_VERSION) {
    throw new UserError(
      `The schema manifest (${source}) has version ${JSON.stringify(manifest.version)}; this @toolwright/core reads version ${SCHEMA_MANIFEST_VERSION}. ` +
        'Fix: regenerate it with the matching `toolwright scan`.',
    );
  }
  if (!isSchemaObject(manifest.tools)) throw new UserError(`The schema manifest (${source}) needs a "tools" object keyed by "Class.method".`);
  for (const [key, entry] of Object.entries(manifest.tools)) checkEmbeddedSchema(entry, `entry "${key}" of the schema manifest (${source})`);
  if (manifest.outputs !== undefined) {
    if (!isSchemaObject(manifest.outputs)) throw new UserError(`The schema manifest (${source}) has "outputs" that is not an object keyed by class name.`);
    for (const [key, entry] of Object.entries(manifest.outputs)) checkEmbeddedSchema(entry, `output "${key}" of the schema manifest (${source})`);
  }
  if (manifest.members !== undefined) {
    if (!isSchemaObject(manifest.members)) throw new UserError(`The schema manifest (${source}) has "members" that is not an object keyed by "Class.method".`);
    for (const [key, entry] of Object.entries(manifest.members)) checkEmbeddedSchema(entry, `member "${key}" of the schema manifest (${source})`);
  }
}
