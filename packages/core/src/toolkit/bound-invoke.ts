import { directArgumentsError } from '../arguments/direct-arguments';
import { argumentsChecked, argumentsSchemaChecked } from '../arguments/tool-argument-check';
import { ToolArgumentsError } from '../errors/tool-arguments.error';
import { UserError } from '../errors/user.error';
import type { ToolContext } from '../contracts/tool';
import { reviveDates } from './date-fields';
import { plainToInstance } from './dto-argument-check';
import { classValidatorViolations } from './dto-validation';
import type { ToolBlueprint } from './tool-blueprint';
import { callThrough, type ToolMethodCaller } from './tool-method-call';

/**
 * The `invoke` of a decorated tool bound to `instance`: revives `Date` fields, maps the
 * validated argument object onto the method's positional parameters (`@Param` by name, `@Args`
 * as a DTO instance, `@Ctx` as the context), and calls `instance[method]`, so an override in a
 * subclass runs. The runner's validation stage checks the arguments (the schema, then the DTO's
 * class-validator constraints the schema cannot express); an invoke called directly, on
 * arguments that did not pass that stage, checks both itself and throws (or rejects with)
 * `ToolArgumentsError` — the method never runs on arguments the stage would have refused.
 */
export function boundInvoke(instance: object, blueprint: ToolBlueprint, call?: ToolMethodCaller): (ctx: ToolContext, args: any) => unknown {
  // The closure holds the blueprint and the instance only (not a copy of each field it reads).
  return (ctx, args) => {
    const { slots, datePaths, method, name, source } = blueprint;
    const fn = (instance as Record<string, unknown>)[method];
    if (typeof fn !== 'function') {
      throw new UserError(`Tool "${name}" (${source}): the instance has no method "${method}" any more. Fix: do not delete or overwrite tool methods on instances.`);
    }
    const input = (args ?? {}) as Record<string, unknown>;
    const checked = argumentsChecked(args);
    if (!checked && !argumentsSchemaChecked(args)) {
      const refused = directArgumentsError(blueprint, input, ctx?.callId);
      if (refused) throw refused;
    }
    if (datePaths.length > 0) reviveDates(input, datePaths);
    const values: unknown[] = new Array(slots.length);
    let pending: Promise<unknown> | undefined;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (slot.kind === 'param') values[i] = input[slot.name];
      else if (slot.kind === 'ctx') values[i] = ctx;
      else if (slot.dto === undefined) values[i] = input;
      else {
        const dto = plainToInstance(slot.dto as new () => object, input);
        values[i] = dto;
        if (slot.validate && !checked) pending = rejectInvalid(dto, name, ctx?.callId);
      }
    }
    if (call !== undefined) return callThrough(call, instance, blueprint, values, input, ctx, pending);
    if (pending) return pending.then(() => fn.apply(instance, values));
    return fn.apply(instance, values);
  };
}

async function rejectInvalid(dto: object, toolName: string, callId: string | undefined): Promise<void> {
  const violations = await classValidatorViolations(dto);
  if (violations.length > 0) throw new ToolArgumentsError(toolName, violations, callId);
}
