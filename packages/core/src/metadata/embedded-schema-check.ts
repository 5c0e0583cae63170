import { UserError } from '../errors/user.error';
import { textOf, type LazyText } from '../util/lazy-text';
import { isSchemaObject } from '../schema/schema-utils';
import type { EmbeddedToolSchema } from './embedded-schema';

/** Throws `UserError` unless `value` has the shape of an {@link EmbeddedToolSchema}. */
export function checkEmbeddedSchema(value: unknown, where: LazyText): asserts value is EmbeddedToolSchema {
  const fail = (what: string): never => {
    throw new UserError(`The embedded schema of ${textOf(where)} ${what}. Fix: regenerate it with \`toolwright scan\` or the transformer.`);
  };
  if (!isSchemaObject(value)) fail('must be an object { parameters, description?, paramDescriptions?, dates? }');
  const v = value as Record<string, unknown>;
  if (!isSchemaObject(v.parameters)) fail('needs a "parameters" JSON schema object');
  if (v.strict !== undefined && !isSchemaObject(v.strict)) fail('has a "strict" that is not an object of side tables');
  if (v.description !== undefined && typeof v.description !== 'string') fail('has a "description" that is not a string');
  if (v.paramDescriptions !== undefined && !isSchemaObject(v.paramDescriptions)) fail('has "paramDescriptions" that is not an object');
  if (v.dates !== undefined && !(Array.isArray(v.dates) && v.dates.every((d) => typeof d === 'string' && d.startsWith('/')))) {
    fail('has "dates" that is not an array of JSON pointers');
  }
  if (v.localChecks !== undefined && !(Array.isArray(v.localChecks) && v.localChecks.every((c) => typeof c === 'string'))) {
    fail('has "localChecks" that is not an array of strings');
  }
  if (v.annotations !== undefined && !(isSchemaObject(v.annotations) && Object.values(v.annotations).every((a) => typeof a === 'boolean'))) {
    fail('has "annotations" that is not an object of booleans');
  }
}
