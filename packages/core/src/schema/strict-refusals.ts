import { ToolDefinitionError } from '../errors/tool-definition.error';
import type { JsonSchema } from '../contracts/json-schema';
import { fieldPathOf } from './field-path';
import { CONSTRAINT, keywordFlags, REFUSED, refusalOf, SHAPE } from './strict-keywords';

/** The alternative every strict refusal offers. */
export const STRICT_FIX = 'or declare the tool with `strict: false`';

/** The `ToolDefinitionError` of a strict rewrite: names the tool, the field and the fix. */
export function strictFailure(toolName: string | undefined, path: string, what: string, fix: string): ToolDefinitionError {
  const field = fieldPathOf(path);
  const where = path === '' ? 'the arguments schema' : field ? `field "${field}"` : 'the schema node';
  const subject = toolName ? `Tool "${toolName}": ` : '';
  return new ToolDefinitionError(`${subject}${where} (schema path ${path || '/'}) ${what}. Fix: ${fix}.`, toolName, path);
}

/** The refusal of a node that accepts anything (`any`, `unknown`, `{}`). */
export function unconstrainedFailure(toolName: string | undefined, path: string): ToolDefinitionError {
  return strictFailure(
    toolName,
    path,
    'is unconstrained (TypeScript `any` or `unknown`, or an empty schema `{}`): strict mode needs a concrete type',
    `give it a concrete type (a primitive, a literal union, an interface or class), ${STRICT_FIX}`,
  );
}

/** Throws unless a plain node's keywords are ones strict mode takes, with a type among them. */
export function checkStrictKeywords(schema: JsonSchema, path: string, toolName: string | undefined): void {
  let bits = 0;
  for (const key of Object.keys(schema)) {
    const flags = keywordFlags(key);
    if (flags & REFUSED) {
      const refused = refusalOf(key, schema[key]);
      if (refused) throw strictFailure(toolName, path, refused.what, refused.fix);
    }
    bits |= flags;
  }
  if (!(bits & CONSTRAINT)) throw unconstrainedFailure(toolName, path);
  if (!(bits & SHAPE)) throw strictFailure(toolName, path, 'has no type (only constraints or annotations), so it accepts any value like `any`', `add a "type", ${STRICT_FIX}`);
}

/** Whether a keyword constrains values (a JSON Schema keyword that is not an annotation). */
export function isConstraint(key: string): boolean {
  return (keywordFlags(key) & CONSTRAINT) !== 0;
}

/** Whether a node has `anyOf`/`oneOf` with constraints beside it (to distribute into the branches). */
export function hasUnionWithConstraints(schema: JsonSchema): boolean {
  const union = schema.anyOf !== undefined ? 'anyOf' : schema.oneOf !== undefined ? 'oneOf' : undefined;
  if (union === undefined) return false;
  for (const key of Object.keys(schema)) if (key !== union && isConstraint(key)) return true;
  return false;
}

/** Small stable numbers for objects (keys of derived definitions), assigned on first sight. */
export class ObjectIds {
  private readonly ids = new WeakMap<object, number>();
  private next = 1;

  of(node: object): number {
    let id = this.ids.get(node);
    if (id === undefined) {
      id = this.next++;
      this.ids.set(node, id);
    }
    return id;
  }
}
