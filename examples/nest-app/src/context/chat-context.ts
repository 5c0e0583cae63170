import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The per-run context: who is asking, for which tenant. Tools read it through `@Ctx()`. */
export interface ChatContext {
  user: string;
  tenant: string;
  /** On a resumed run: the person who approved or rejected its pending calls. */
  decidedBy?: string;
  /** The conversation the request continues (`x-conversation-id`); its session keeps the chat across requests. */
  conversation?: string;
}

/** The user of a request without `x-user-id`. */
export const ANONYMOUS = 'anonymous';

/**
 * The run context of the current HTTP request. This demo reads the `x-user-id` and
 * `x-tenant-id` headers; a real application would read what its auth guard put on `request.user`.
 */
export const RunContextFromRequest = createParamDecorator((_data: unknown, ctx: ExecutionContext): ChatContext => {
  const request = ctx.switchToHttp().getRequest<Request>();
  const conversation = request.header('x-conversation-id');
  return {
    user: request.header('x-user-id') ?? ANONYMOUS,
    tenant: request.header('x-tenant-id') ?? 'demo',
    ...(conversation ? { conversation: conversation.slice(0, 128) } : {}),
  };
});

/**
 * The part of the context a paused run keeps in its signed state (`runner.persistContext`): with
 * the conversation, the resumed run appends its outputs to the same session.
 */
export function persistedChatContext(context: ChatContext): Pick<ChatContext, 'user' | 'tenant' | 'conversation'> {
  return { user: context.user, tenant: context.tenant, ...(context.conversation !== undefined ? { conversation: context.conversation } : {}) };
}
