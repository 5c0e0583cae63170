import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Param, Runner, ScriptedModel, Tool, UseInterceptors, type Tool as ToolObject } from '@toolwright/core';
import { AgentDefinition, AgentRegistry, ToolwrightModule } from '../src';
import { AuditInterceptor, AuditLog, AuditModule, BLOCKED_WORDS, BlockedWordsGuardrail } from './fixtures/audit';
import { BillingTools } from './fixtures/toolkits';

@AgentDefinition({ name: 'billing', tools: [BillingTools] })
@Injectable()
class BillingAgent {}

@Module({
  imports: [AuditModule],
  providers: [BillingTools, BillingAgent, { provide: BLOCKED_WORDS, useValue: ['forbidden'] }],
})
class BillingModule {}

function refundModel(invoiceId: string) {
  return new ScriptedModel([{ toolCalls: [{ name: 'refund', arguments: { invoiceId } }] }, { text: 'done' }]);
}

async function start(metadata: Parameters<typeof Test.createTestingModule>[0]) {
  const moduleRef = await Test.createTestingModule(metadata).compile();
  moduleRef.useLogger(false);
  await moduleRef.init();
  return moduleRef;
}

@UseInterceptors(AuditInterceptor)
@Injectable()
class OtherTools {
  @Tool()
  other(@Param('x') x: string) {
    return x;
  }
}

describe('Guardrail and interceptor classes from the container', () => {
  it('instantiates @UseInterceptors(AuditInterceptor) in the toolkit\'s module with its injected AuditLog', async () => {
    const app = await start({ imports: [ToolwrightModule.forRoot({ model: refundModel('inv-1') }), BillingModule] });
    const result = await app.get(Runner).run(app.get(AgentRegistry).get('billing'), 'refund inv-1', { context: { tenant: 'acme' } });
    expect(result.newItems).toContainEqual(expect.objectContaining({ type: 'function_call_output', output: 'Refunded inv-1 for acme' }));
    expect(app.get(AuditLog).entries).toEqual(['before refund', 'after refund']);
    expect(app.get(BillingTools).refunds).toEqual(['acme:inv-1']);
    await app.close();
  });

  it('instantiates @UseGuardrails(BlockedWordsGuardrail) with its injected configuration, and the guardrail rejects', async () => {
    const app = await start({ imports: [ToolwrightModule.forRoot({ model: refundModel('forbidden-7') }), BillingModule] });
    const result = await app.get(Runner).run(app.get(AgentRegistry).get('billing'), 'refund', { context: { tenant: 'acme' } });
    expect(result.newItems).toContainEqual(expect.objectContaining({ type: 'function_call_output', output: 'Blocked word: forbidden' }));
    expect(app.get(BillingTools).refunds).toEqual([]);
    await app.close();
  });

  it('uses the provider instance when the enhancer class is itself a provider the module can see', async () => {
    @Module({ imports: [AuditModule], providers: [AuditInterceptor], exports: [AuditInterceptor] })
    class InterceptorModule {}
    @Module({ imports: [InterceptorModule, AuditModule], providers: [BillingTools, { provide: BLOCKED_WORDS, useValue: [] }] })
    class SharedModule {}
    const before = AuditInterceptor.created;
    const app = await start({ imports: [ToolwrightModule.forRoot({}), SharedModule] });
    expect(AuditInterceptor.created - before).toBe(1);
    const registry = app.get(AgentRegistry);
    expect(registry.list()).toEqual([]);
    const tools = await toolsOfProvider(app, BillingTools);
    expect(tools[0].interceptors[0]).toBe(app.get(AuditInterceptor, { strict: false }));
    await app.close();
  });

  it('creates one instance per enhancer class per module, shared by the toolkits of that module', async () => {
    @Module({ imports: [AuditModule], providers: [BillingTools, OtherTools, { provide: BLOCKED_WORDS, useValue: [] }] })
    class TwoToolkitsModule {}
    const before = AuditInterceptor.created;
    const app = await start({ imports: [ToolwrightModule.forRoot({}), TwoToolkitsModule] });
    expect(AuditInterceptor.created - before).toBe(1);
    const [billing] = await toolsOfProvider(app, BillingTools);
    const [other] = await toolsOfProvider(app, OtherTools);
    expect(billing.interceptors[0]).toBe(other.interceptors[0]);
    await app.close();
  });

  it('fails start-up naming the enhancer, the toolkit and the module when a dependency is missing', async () => {
    @Module({ imports: [AuditModule], providers: [BillingTools] })
    class MissingConfigModule {}
    const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({}), MissingConfigModule] }).compile();
    app.useLogger(false);
    await expect(app.init()).rejects.toThrow(
      /could not create BlockedWordsGuardrail, used by @UseGuardrails\/@UseInterceptors on BillingTools \(in MissingConfigModule\)[\s\S]*Fix: make BlockedWordsGuardrail's constructor dependencies available in MissingConfigModule/,
    );
  });
});

/** The tools the registry built for a provider, through an agent declared on the fly. */
async function toolsOfProvider(app: Awaited<ReturnType<typeof start>>, token: Function): Promise<ToolObject[]> {
  const { ToolkitRegistry } = await import('../src');
  const { ModuleRef } = await import('@nestjs/core');
  const resolved = await app.get(ToolkitRegistry).resolve(token, app.get(ModuleRef), 'test');
  expect(resolved.instance).toBe(app.get(token, { strict: false }));
  expect(resolved.tools.every((t) => typeof t.invoke === 'function')).toBe(true);
  return resolved.tools;
}

describe('BlockedWordsGuardrail fixture', () => {
  it('is a plain class usable without Nest', () => {
    expect(new BlockedWordsGuardrail(['x']).check({ args: { a: 'x' } })).toEqual({ kind: 'reject', message: 'Blocked word: x' });
  });
});
