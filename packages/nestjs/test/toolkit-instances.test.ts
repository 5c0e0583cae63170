import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Agent, RequiresApproval, Runner, ScriptedModel, UserError, toolsOf } from '@toolwright/core';
import { AgentDefinition, AgentRegistry, ToolkitRegistry, ToolwrightModule } from '../src';
import { AuditInterceptor, AuditLog, AuditModule, BLOCKED_WORDS } from './fixtures/audit';
import { BillingTools } from './fixtures/toolkits';

@Module({ imports: [AuditModule], providers: [BillingTools, { provide: BLOCKED_WORDS, useValue: ['forbidden'] }], exports: [BillingTools] })
class BillingModule {}

function refundThenAnswer(invoiceId: string) {
  return new ScriptedModel((request) =>
    request.input.some((i) => i.type === 'function_call_output') ? { text: 'done' } : { toolCalls: [{ name: 'refund', arguments: { invoiceId }, callId: 'c1' }] },
  );
}

async function start(metadata: Parameters<typeof Test.createTestingModule>[0]) {
  const app = await Test.createTestingModule(metadata).compile();
  app.useLogger(false);
  await app.init();
  return app;
}

describe('Toolkit instances outside the module\'s own agents', () => {
  it('an agent built by hand from app.get(Toolkit) gets the container\'s enhancers', async () => {
    const app = await start({ imports: [ToolwrightModule.forRoot({}), BillingModule] });
    const agent = new Agent({ name: 'by-hand', tools: [app.get(BillingTools)] });
    const result = await new Runner({ model: refundThenAnswer('inv-9') }).run(agent, 'refund', { context: { tenant: 'acme' } });
    expect(result.finalOutput).toBe('done');
    // AuditInterceptor (with its injected AuditLog) ran: not an instance built with `new` and no log.
    expect(app.get(AuditLog).entries).toEqual(['before refund', 'after refund']);
    expect(toolsOf(app.get(BillingTools))[0].interceptors[0]).toBeInstanceOf(AuditInterceptor);
    await app.close();
  });

  it('a toolkit built with new in a unit test fails when its tools are built, saying how to get the enhancers', () => {
    expect(() => toolsOf(new BillingTools())).toThrow(UserError);
    expect(() => toolsOf(new BillingTools())).toThrow(/AuditInterceptor has constructor dependencies \(AuditLog\)/);
  });
});

describe('overrideProvider(Toolkit).useValue(mock)', () => {
  @RequiresApproval()
  @Injectable()
  class GuardedBillingTools extends BillingTools {}

  @AgentDefinition({ name: 'billing', tools: [BillingTools] })
  @Injectable()
  class BillingAgent {}

  it('starts, and the agent calls the mock\'s method with the toolkit\'s schema and metadata', async () => {
    const refund = jest.fn((invoiceId: string) => `mock refunded ${invoiceId}`);
    const moduleRef = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({ model: refundThenAnswer('inv-1') }), BillingModule], providers: [BillingAgent] })
      .overrideProvider(BillingTools)
      .useValue({ refund })
      .compile();
    moduleRef.useLogger(false);
    await moduleRef.init();
    const agent = moduleRef.get(AgentRegistry).get('billing');
    expect((agent.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['refund']);
    const result = await moduleRef.get(Runner).run(agent, 'refund inv-1', { context: { tenant: 'acme' } });
    expect(result.finalOutput).toBe('done');
    expect(refund).toHaveBeenCalledWith('inv-1', expect.objectContaining({ callId: 'c1', context: { tenant: 'acme' } }));
    // The toolkit's Toolwright enhancers still apply: the interceptor, from the container.
    expect(moduleRef.get(AuditLog).entries).toEqual(['before refund', 'after refund']);
    expect(moduleRef.get(ToolkitRegistry).list()).toEqual([expect.objectContaining({ name: 'BillingTools', toolkitClass: BillingTools, mocked: true, tools: ['refund'] })]);
    await moduleRef.close();
  });

  it('keeps the toolkit\'s approval rule for a mock of a subclass', async () => {
    @AgentDefinition({ name: 'guarded', tools: [GuardedBillingTools] })
    @Injectable()
    class GuardedAgent {}
    const refund = jest.fn(() => 'never');
    const moduleRef = await Test.createTestingModule({
      imports: [ToolwrightModule.forRoot({ model: refundThenAnswer('inv-2') }), AuditModule],
      providers: [GuardedBillingTools, GuardedAgent, { provide: BLOCKED_WORDS, useValue: [] }],
    })
      .overrideProvider(GuardedBillingTools)
      .useValue({ refund })
      .compile();
    moduleRef.useLogger(false);
    await moduleRef.init();
    const result = await moduleRef.get(Runner).run(moduleRef.get(AgentRegistry).get('guarded'), 'refund', { context: { tenant: 'acme' } });
    expect(result.status).toBe('interrupted');
    expect(refund).not.toHaveBeenCalled();
    await moduleRef.close();
  });
});
