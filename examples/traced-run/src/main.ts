import 'reflect-metadata';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, ConsoleSpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Agent, GuardrailOutcome, Runner, defineInputGuardrail, handoff } from '@toolwright/core';
import { createModel } from './model';
import { OrderTools } from './order-tools';

const USAGE = `Usage: node dist/main.js [--sensitive] [question]

Runs a support agent (an order lookup, a handoff to billing) with OpenTelemetry registered and
prints every span with the SDK's console exporter. Inputs, outputs and error texts are redacted
unless --sensitive.`;

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const sensitive = argv.includes('--sensitive');
  const question = argv.filter((a) => !a.startsWith('--')).join(' ') || 'Please refund order A-42.';

  // What an application does once at start-up: a context manager (so spans made inside tools
  // nest under their call) and a tracer provider with an exporter, registered globally.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())] });
  trace.setGlobalTracerProvider(provider);

  const { model, description } = createModel();
  console.log(description);
  const billing = new Agent({ name: 'billing', instructions: 'You handle refunds.', handoffDescription: 'Refunds and invoices.' });
  const support = new Agent({
    name: 'support',
    instructions: 'Look the order up, then hand refunds over to billing.',
    tools: [new OrderTools()],
    handoffs: [handoff(billing, { inputSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] } })],
    inputGuardrails: [defineInputGuardrail({ name: 'on-topic', check: () => GuardrailOutcome.allow() })],
  });
  const runner = new Runner({ model, tracing: { includeSensitiveData: sensitive } });
  const result = await runner.run(support, question);
  await provider.shutdown();
  console.log(`\nAnswer (${result.lastAgent.name}): ${String(result.finalOutput)}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
