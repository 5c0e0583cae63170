import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { UserError } from '@toolwright/core';
import { markFatalError } from '@toolwright/core/extend';
import { TOOLWRIGHT_CONTEXT_TYPE } from './toolwright-execution-context';

/**
 * The fields of a Toolwright `ToolInvocation` that Nest's `ExecutionContext` lacks. A
 * `ToolInterceptor` given to `@UseInterceptors` of `@nestjs/common` (an IDE auto-import: both
 * decorators work on tool methods) reads them from the context Nest passes instead.
 */
const INVOCATION_FIELDS = ['tool', 'ctx'] as const;

let installed = false;
const mixUps = new WeakSet<object>();

/** Whether `error` is the mix-up error of {@link detectToolInterceptorMixUp} (exception filters must not swallow it). @internal */
export function isInterceptorMixUp(error: unknown): boolean {
  return typeof error === 'object' && error !== null && mixUps.has(error);
}

/**
 * Makes reading `context.tool` or `context.ctx` in a Nest interceptor run for a tool call end
 * the run with an error naming the toolkit method, its `@nestjs/common` interceptors and the
 * import to use — instead of "Cannot read properties of undefined (reading 'name')" on every call.
 * Other contexts (HTTP, RPC, ...) read and write these fields as before. Idempotent. @internal
 */
export function detectToolInterceptorMixUp(): void {
  if (installed) return;
  installed = true;
  const prototype = ExecutionContextHost.prototype as object;
  for (const field of INVOCATION_FIELDS) {
    if (Object.prototype.hasOwnProperty.call(prototype, field)) continue;
    const own = new WeakMap<object, unknown>();
    Object.defineProperty(prototype, field, {
      configurable: true,
      enumerable: false,
      get(this: ExecutionContextHost) {
        if (own.has(this)) return own.get(this);
        if (this.getType<string>() === TOOLWRIGHT_CONTEXT_TYPE) throw mixUp(this, field);
        return undefined;
      },
      set(this: ExecutionContextHost, value: unknown) {
        own.set(this, value);
      },
    });
  }
}

function mixUp(context: ExecutionContextHost, field: string): UserError {
  const cls = context.getClass() as Function | null;
  const handler = context.getHandler() as Function | null;
  const at = `${cls?.name ?? 'a toolkit'}.${handler?.name || 'a tool method'}`;
  const entries = [
    ...((cls && (Reflect.getMetadata(INTERCEPTORS_METADATA, cls) as unknown[] | undefined)) ?? []),
    ...((handler && (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined)) ?? []),
  ];
  const names = entries.map(nameOf).filter((n) => n !== '');
  const which = names.length > 0 ? ` (${names.join(', ')})` : '';
  const error = markFatalError(
    new UserError(
      `${at}: an interceptor given to @UseInterceptors of '@nestjs/common'${which} read "invocation.${field}", so it is a Toolwright ToolInterceptor; ` +
        "Nest calls its interceptors with an ExecutionContext, not a ToolInvocation. Fix: import { UseInterceptors } from '@toolwright/core' for ToolInterceptors " +
        "(keep '@nestjs/common' for NestInterceptors, which call next.handle()).",
    ),
  );
  mixUps.add(error);
  return error;
}

function nameOf(entry: unknown): string {
  if (typeof entry === 'function') return entry.name;
  const name = (entry as object | null)?.constructor?.name;
  return name && name !== 'Object' ? name : 'an interceptor object';
}
