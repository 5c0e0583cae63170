import { Injectable } from '@nestjs/common';
import type { RunContext } from '@toolwright/core';
import { AgentDefinition } from '@toolwright/nestjs';
import { BillingTools } from '../billing/billing.tools';
import { ReportTools } from '../reports/report.tools';
import type { ChatContext } from '../context/chat-context';
import { WeatherTools } from '../weather/weather.tools';

/** The support agent: three toolkits, named by class and resolved from the container. */
@AgentDefinition({ name: 'support', tools: [WeatherTools, BillingTools, ReportTools] })
@Injectable()
export class SupportAgent {
  /** Per-run instructions: they name the tenant and user of the request. */
  instructions(ctx: RunContext<ChatContext>): string {
    return (
      `You are the support assistant of tenant "${ctx.context.tenant}", talking to user "${ctx.context.user}". ` +
      'Use the tools to answer questions about the weather, invoices and monthly reports. Refunds need a person\'s approval: ' +
      'call refund_invoice when asked, and report what happened. Be brief.'
    );
  }
}
