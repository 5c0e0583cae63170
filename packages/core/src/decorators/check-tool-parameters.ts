import { UserError } from '../errors/user.error';
import type { ParameterMetadata } from '../metadata/metadata-definitions';
import { describeParameter } from './decorated-member';

/** What `@Tool` checks about a method's parameters at decoration time. */
export interface ToolParameterCheck {
  /** `WeatherTools.getWeather` (built only for a message). */
  where: () => string;
  parameterCount: number;
  parameters: readonly ParameterMetadata[];
  /**
   * The declared parameter names, for messages. A function, because reading them means
   * re-parsing the method's source text: only a failing check calls it.
   */
  names: () => ReadonlyArray<string | undefined>;
}

const LABEL = { param: '@Param', args: '@Args', ctx: '@Ctx' } as const;

/**
 * Every parameter has exactly one of `@Param`/`@Args`/`@Ctx`; at most one `@Args`, never mixed
 * with `@Param`; `@Param` names unique. Throws `UserError` naming class, method and parameter.
 * The full check, which builds its messages: `@Tool` runs it only for parameters that
 * {@link parametersPlainlyValid} does not pass.
 */
export function checkToolParameters(check: ToolParameterCheck): void {
  const { parameterCount } = check;
  const where = check.where();
  let known: ReadonlyArray<string | undefined> | undefined;
  const describe = (index: number): string => describeParameter(index, (known ??= check.names()));
  // Parameter decorators run last parameter first; report in source order.
  const parameters = [...check.parameters].sort((a, b) => a.index - b.index);
  const fail = (what: string, fix: string): never => {
    throw new UserError(`@Tool on ${where}: ${what}. Fix: ${fix}.`);
  };
  const byIndex = new Map<number, ParameterMetadata[]>();
  for (const p of parameters) byIndex.set(p.index, [...(byIndex.get(p.index) ?? []), p]);
  for (let i = 0; i < parameterCount; i++) {
    const found = byIndex.get(i) ?? [];
    const param = (): string => describe(i);
    if (found.length === 0) {
      fail(
        `parameter ${param()} has no @Param, @Args or @Ctx decorator from @toolwright/core, so the tool cannot fill it ` +
          '(decorators of @nestjs/common such as @Param or @Body describe HTTP routes and do not count)',
        `decorate it: @Param('${(known ??= check.names())[i] ?? 'name'}') for one argument, @Args() for a DTO of all arguments, or @Ctx() for the ToolContext`,
      );
    }
    if (found.length > 1) {
      fail(`parameter ${param()} has ${found.map((p) => LABEL[p.kind]).join(' and ')}; each parameter takes exactly one`, 'keep one of them');
    }
  }
  const args = parameters.filter((p) => p.kind === 'args');
  if (args.length > 1) {
    fail(
      `@Args is on parameters ${args.map((p) => describe(p.index)).join(' and ')}; a tool takes at most one @Args DTO`,
      'merge them into one DTO class',
    );
  }
  const params = parameters.filter((p): p is Extract<ParameterMetadata, { kind: 'param' }> => p.kind === 'param');
  if (args.length === 1 && params.length > 0) {
    fail(
      `@Args (parameter ${describe(args[0].index)}) is mixed with @Param (parameter ${describe(params[0].index)}); the DTO already is the whole argument object`,
      'move the @Param values into the DTO class, or use only @Param parameters',
    );
  }
  const seen = new Map<string, number>();
  for (const p of params) {
    const other = seen.get(p.name);
    if (other !== undefined) {
      fail(
        `parameters ${describe(other)} and ${describe(p.index)} are both named "${p.name}"`,
        'give each @Param a unique name',
      );
    }
    seen.set(p.name, p.index);
  }
}

/**
 * Whether the parameters plainly pass every rule, checked without allocating: each index below
 * the count decorated once, at most one `@Args` and then no `@Param`, unique `@Param` names. It
 * runs for every `@Tool` at class definition (`@Tool` calls it before it builds the arguments of
 * {@link checkToolParameters}); anything else, including a failure, goes through the full check,
 * which builds the messages.
 */
export function parametersPlainlyValid(parameterCount: number, parameters: readonly ParameterMetadata[]): boolean {
  if (parameters.length !== parameterCount) return false;
  let args = 0;
  let params = 0;
  for (let i = 0; i < parameters.length; i++) {
    const p = parameters[i];
    if (p.index < 0 || p.index >= parameterCount) return false;
    if (p.kind === 'args') args++;
    else if (p.kind === 'param') params++;
    for (let j = 0; j < i; j++) {
      const q = parameters[j];
      if (q.index === p.index) return false;
      if (p.kind === 'param' && q.kind === 'param' && q.name === p.name) return false;
    }
  }
  return args === 0 || (args === 1 && params === 0);
}
