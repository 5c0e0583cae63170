import { UserError } from '../errors/user.error';
import { isSchemaObject } from '../schema/schema-utils';
import type { JsonSchema } from '../contracts/json-schema';
import type { Tool } from '../contracts/tool';
import { nestingExceeds } from '../arguments/json-text';
import { echo } from '../limits/bounded-text';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';

/** The parameter a `duplicates: 'confirm'` tool gains; it never reaches the method. */
export const CONFIRM_DUPLICATE_PARAMETER = 'confirm_duplicate';

const DESCRIPTION =
  'Set to true only to run this tool again with exactly the same arguments as an earlier call in this conversation, ' +
  'when repeating it is really intended. Leave it null (or false) otherwise.';

const advertised = new WeakMap<object, JsonSchema>();

/**
 * The parameters a tool is advertised with: its own, plus for `duplicates: 'confirm'` an
 * optional boolean `confirm_duplicate` (in strict mode: nullable and listed in `required`).
 * Built once per schema object. @internal
 */
export function advertisedParameters(tool: Pick<Tool, 'name' | 'parameters' | 'strict' | 'duplicates'>): JsonSchema {
  if (tool.duplicates !== 'confirm') return tool.parameters;
  const cached = advertised.get(tool.parameters);
  if (cached) return cached;
  const schema = tool.parameters;
  const properties = isSchemaObject(schema.properties) ? (schema.properties as Record<string, unknown>) : {};
  if (CONFIRM_DUPLICATE_PARAMETER in properties) {
    throw new UserError(
      `Tool "${tool.name}" has duplicates: 'confirm' and its own parameter "${CONFIRM_DUPLICATE_PARAMETER}", which the confirm policy adds. Rename the parameter or use duplicates: 'reject'.`,
    );
  }
  const flag = tool.strict ? { type: ['boolean', 'null'], description: DESCRIPTION } : { type: 'boolean', description: DESCRIPTION };
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const out: JsonSchema = {
    ...schema,
    type: 'object',
    properties: { ...properties, [CONFIRM_DUPLICATE_PARAMETER]: flag },
    ...(tool.strict ? { required: [...required, CONFIRM_DUPLICATE_PARAMETER] } : {}),
  };
  advertised.set(tool.parameters, out);
  return out;
}

/**
 * Takes `confirm_duplicate` out of a confirm-policy call's raw arguments, so that only the
 * tool's own arguments are validated and passed on. A value other than a boolean or `null` is
 * an argument error. @internal
 */
export function splitConfirmFlag(raw: string): { raw: string; confirm: boolean } | { problem: string } {
  if (typeof raw !== 'string' || !raw.includes(CONFIRM_DUPLICATE_PARAMETER)) return { raw, confirm: false };
  // Text argument parsing refuses (too long, too deep) is left to it, unparsed here.
  const { maxArgumentsLength, maxArgumentDepth } = TOOLWRIGHT_LIMITS;
  if (raw.length > maxArgumentsLength || nestingExceeds(raw, maxArgumentDepth)) return { raw, confirm: false };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // Not JSON: left as it is, so that argument parsing reports the broken JSON to the model.
    return { raw, confirm: false };
  }
  if (!isSchemaObject(value) || !(CONFIRM_DUPLICATE_PARAMETER in value)) return { raw, confirm: false };
  const flag = value[CONFIRM_DUPLICATE_PARAMETER];
  if (flag !== null && typeof flag !== 'boolean') {
    return { problem: `"${CONFIRM_DUPLICATE_PARAMETER}" must be true, false or null (got ${echo(JSON.stringify(flag) ?? String(flag))})` };
  }
  const rest: Record<string, unknown> = { ...value };
  delete rest[CONFIRM_DUPLICATE_PARAMETER];
  return { raw: JSON.stringify(rest), confirm: flag === true };
}
