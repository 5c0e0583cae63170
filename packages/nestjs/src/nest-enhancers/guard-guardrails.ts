import { HttpException, HttpStatus, type CanActivate } from '@nestjs/common';
import { GuardrailOutcome, type ToolInputGuardrail } from '@toolwright/core';
import { isObservable, lastValueFrom, type Observable } from 'rxjs';
import { toolCallContext } from './context-host';

/**
 * What a Nest guard's denial does to a tool call: `'refuse'` feeds a refusal to the model (the
 * method never runs, the run goes on), `'fail'` ends the run with `GuardrailTripwireError`.
 */
export type GuardDenial = 'refuse' | 'fail';

/** The message Nest gives a guard that returned `false`. */
const FORBIDDEN = 'Forbidden resource';

/**
 * The Nest guards of a tool method as Toolwright input guardrails, one per guard and named after
 * it, run after the tool's own guardrails. A guard that returns `false` (or an Observable or a
 * Promise of it), or throws `ForbiddenException` / `UnauthorizedException`, denies the call;
 * anything else it throws is a guardrail failure, which ends the run (`ToolCallError`). @internal
 */
export function guardGuardrails(guards: readonly CanActivate[], cls: Function, handler: Function, denial: GuardDenial): ToolInputGuardrail[] {
  return guards.map((guard) => {
    const name = guard.constructor?.name || 'NestGuard';
    return {
      kind: 'input',
      name,
      async check({ args, ctx }) {
        let reason = FORBIDDEN;
        let allowed: boolean;
        try {
          allowed = await activated(guard.canActivate(toolCallContext(args, ctx, cls, handler)));
        } catch (error) {
          if (!isDenial(error)) throw error;
          allowed = false;
          reason = denialMessage(error);
        }
        if (allowed) return GuardrailOutcome.allow();
        return denial === 'fail' ? GuardrailOutcome.tripwire(reason) : GuardrailOutcome.reject(`The call was refused by ${name}: ${reason}`);
      },
    };
  });
}

async function activated(result: boolean | Promise<boolean> | Observable<boolean>): Promise<boolean> {
  const value = await result;
  // Truthy allows, as in Nest's GuardsConsumer.
  return Boolean(isObservable(value) ? await lastValueFrom(value) : value);
}

function isDenial(error: unknown): error is HttpException {
  if (!(error instanceof HttpException)) return false;
  const status = error.getStatus();
  return status === HttpStatus.FORBIDDEN || status === HttpStatus.UNAUTHORIZED;
}

function denialMessage(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : error.message;
}
