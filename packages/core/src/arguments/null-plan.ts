import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '../contracts/json-schema';
import { isSchemaObject, resolveLocalRef } from '../schema/schema-utils';
import { optionalDefaultsOf, optionalKeysOf } from '../schema/strict-optional-keys';
import { compileSchema } from '../schema/ajv-instance';

/**
 * Where, in a validated argument value, `null`s that stand for "absent" must be removed. Built
 * once per strict schema from the side table of the strict rewrite.
 *
 * @internal
 */
export interface NullPlan {
  /** Keys of this object to delete when they hold `null`. */
  optional?: readonly string[];
  /** The values some of those keys take instead of `null` (their declared `default`). */
  defaults?: Readonly<Record<string, unknown>>;
  /** Properties whose values have plans of their own. */
  children?: Array<readonly [string, NullPlan]>;
  /** The plan for every element of this array. */
  items?: NullPlan;
  /** For `anyOf`: the first variant accepting the value decides which plan applies. */
  variants?: Array<{ accepts: ValidateFunction | null; plan: NullPlan | null }>;
}

/** @internal Builds the plan for a schema; `null` when no field of it was made nullable. */
export function compileNullPlan(root: JsonSchema): NullPlan | null {
  const memo = new Map<object, NullPlan | null>();

  const planOf = (node: unknown): NullPlan | null => {
    if (!isSchemaObject(node)) return null;
    if (typeof node.$ref === 'string') {
      const target = resolveLocalRef(root, node.$ref);
      return target === node ? null : planOf(target);
    }
    const known = memo.get(node);
    if (known !== undefined) return known;
    // Placeholder first, so a recursive schema reuses the plan under construction.
    const plan: NullPlan = {};
    memo.set(node, plan);
    const optional = optionalKeysOf(node);
    if (optional) plan.optional = optional;
    const defaults = optionalDefaultsOf(node);
    if (defaults) plan.defaults = defaults;
    if (isSchemaObject(node.properties)) {
      const children: Array<readonly [string, NullPlan]> = [];
      for (const key of Object.keys(node.properties)) {
        const child = planOf(node.properties[key]);
        if (child) children.push([key, child]);
      }
      if (children.length > 0) plan.children = children;
    }
    const items = planOf(node.items);
    if (items) plan.items = items;
    if (Array.isArray(node.anyOf)) {
      const variants = node.anyOf.filter((v) => !(isSchemaObject(v) && v.type === 'null' && Object.keys(v).length === 1));
      const plans = variants.map(planOf);
      if (plans.some((p) => p !== null)) {
        plan.variants = variants.map((variant, i) => ({
          accepts: variants.length === 1 ? null : compileSchema(withDefinitions(variant as JsonSchema, root), { allErrors: false }),
          plan: plans[i],
        }));
      }
    }
    const empty = !plan.optional && !plan.children && !plan.items && !plan.variants;
    if (empty) memo.set(node, null);
    return empty ? null : plan;
  };

  return planOf(root);
}

/** @internal Turns the `null`s the plan designates into `undefined`, in place. */
export function applyNullPlan(plan: NullPlan, value: unknown): void {
  if (plan.variants) {
    for (const variant of plan.variants) {
      if (variant.accepts === null || variant.accepts(value)) {
        if (variant.plan) applyNullPlan(variant.plan, value);
        break;
      }
    }
  }
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    if (plan.items) for (const element of value) applyNullPlan(plan.items, element);
    return;
  }
  const record = value as Record<string, unknown>;
  if (plan.children) {
    for (const [key, child] of plan.children) {
      const nested = record[key];
      if (typeof nested === 'object' && nested !== null) applyNullPlan(child, nested);
    }
  }
  if (plan.optional) {
    // Assigning keeps the object's shape; `delete` would cost several times the validation.
    const defaults = plan.defaults;
    for (const key of plan.optional) {
      if (record[key] === null) record[key] = defaults !== undefined && key in defaults ? copyDefault(defaults[key]) : undefined;
    }
  }
}

function withDefinitions(variant: JsonSchema, root: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...variant };
  if (root.$defs !== undefined && out.$defs === undefined) out.$defs = root.$defs;
  if (root.definitions !== undefined && out.definitions === undefined) out.definitions = root.definitions;
  return out;
}

/** A fresh copy of a default for each call, so a method changing it cannot change the next call's. */
function copyDefault(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value;
}
