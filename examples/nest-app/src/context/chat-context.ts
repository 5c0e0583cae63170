import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The per-run context: who is asking, for which tenant. Tools read it through `@Ctx()`. */
export interface ChatContext {
  user: string;
  tenant: string;
}

/**
 * The run context of the current HTTP request. This demo reads the `x-user-id` and
 * `x-tenant-id` headers; a real application would read what its auth guard put on `request.user`.
 */
export const RunContextFromRequest = createParamDecorator((_data: unknown, ctx: ExecutionContext): ChatContext => {
  const request = ctx.switchToHttp().getRequest<Request>();
  return {
    user: request.header('x-user-id') ?? 'anonymous',
    tenant: request.header('x-tenant-id') ?? 'demo',
  };
});
