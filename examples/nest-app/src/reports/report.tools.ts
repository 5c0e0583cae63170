import { Injectable } from '@nestjs/common';
import { Ctx, Param, Tool, Toolkit, type ToolContext } from '@toolwright/core';
import type { ChatContext } from '../context/chat-context';
import { ReportService } from './report.service';

/** Report tools: slow calls, cancelled with the run (client gone, application shutting down). */
@Toolkit({ name: 'reports' })
@Injectable()
export class ReportTools {
  constructor(private readonly reports: ReportService) {}

  /**
   * Build the monthly billing report of the current tenant. Takes a while.
   * @param month The month, e.g. "2025-01".
   */
  @Tool({ timeoutMs: 60_000 })
  buildMonthlyReport(@Param('month', { pattern: '^\\d{4}-\\d{2}$' }) month: string, @Ctx() ctx: ToolContext<ChatContext>): Promise<string> {
    return this.reports.build(ctx.context.tenant, month, ctx.signal);
  }
}
