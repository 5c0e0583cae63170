import { Injectable } from '@nestjs/common';
import type { ToolInterceptor, ToolInvocation, ToolResult } from '@toolwright/core';
import type { ChatContext } from '../context/chat-context';
import { AuditLog } from './audit.log';

/**
 * Records every call of the tools it is attached to. Not registered as a provider: the container
 * instantiates it for `@UseInterceptors(AuditInterceptor)` and injects its `AuditLog`.
 */
@Injectable()
export class AuditInterceptor implements ToolInterceptor {
  constructor(private readonly log: AuditLog) {}

  async intercept(invocation: ToolInvocation, next: () => Promise<ToolResult>): Promise<ToolResult> {
    const { tool, ctx } = invocation;
    const context = ctx.context as ChatContext;
    const started = Date.now();
    const record = (outcome: 'ok' | 'error') =>
      this.log.record({ tool: tool.name, callId: ctx.callId, tenant: context.tenant, user: context.user, decidedBy: context.decidedBy, outcome, durationMs: Date.now() - started });
    try {
      const result = await next();
      record(result.isError ? 'error' : 'ok');
      return result;
    } catch (error) {
      record('error');
      throw error;
    }
  }
}
