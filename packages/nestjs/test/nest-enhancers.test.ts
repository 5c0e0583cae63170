import 'reflect-metadata';
import { Injectable, Module, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { GuardrailTripwireError, Runner, ScriptedModel, type RunResult } from '@toolwright/core';
import { AgentDefinition, AgentRegistry, ToolwrightModule, isToolCall, type ToolwrightModuleOptions } from '../src';
import { CallLog, NoteArgs, ShopModule, ShopTools, type ShopContext } from './fixtures/nest-native';

@AgentDefinition({ name: 'shop', tools: [ShopTools] })
@Injectable()
class ShopAgent {}

/** Calls `tool` once with `args`, then answers with what the tool returned. */
function callOnce(tool: string, args: object) {
  return new ScriptedModel((request) => {
    const output = request.input.find((i) => i.type === 'function_call_output');
    return output ? { text: `model saw: ${String((output as { output: unknown }).output)}` } : { toolCalls: [{ name: tool, arguments: args, callId: 'call-1' }] };
  });
}

async function start(model: ScriptedModel, options: ToolwrightModuleOptions = {}, providers: Parameters<typeof Test.createTestingModule>[0]['providers'] = []) {
  const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({ model, ...options }), ShopModule], providers: [ShopAgent, ...(providers ?? [])] }).compile();
  app.useLogger(false);
  await app.init();
  const run = (context: ShopContext): Promise<RunResult<unknown, ShopContext>> => app.get(Runner).run(app.get(AgentRegistry).get<ShopContext>('shop'), 'go', { context });
  return { app, run, log: app.get(CallLog), shop: app.get(ShopTools) };
}

describe('Nest enhancers on tool methods and toolkit classes', () => {
  describe('an allowed call', () => {
    it('runs guards, then Toolwright and Nest interceptors around pipes and the method, with a "toolwright" execution context', async () => {
      const { app, run, log, shop } = await start(callOnce('refund', { orderId: 'o-1' }));
      const result = await run({ role: 'manager' });
      expect(result.finalOutput).toBe('model saw: refunded O-1 [timed]');
      expect(shop.refunds).toEqual(['O-1 by manager']);
      expect(log.entries).toEqual(['toolwright before refund', 'nest before (toolwright)', 'nest after', 'toolwright after']);
      expect(log.contexts).toEqual([{ type: 'toolwright', args: { orderId: 'o-1' }, callId: 'call-1', tool: 'refund', handler: 'refund', cls: 'ShopTools' }]);
      // The pipe ran on each parameter after validation: the @Param value as a 'param', the ToolContext as 'custom'.
      expect(log.pipeMetadata.map((m) => [m.type, m.data, m.metatype])).toEqual(expect.arrayContaining([['param', 'orderId', String], ['custom', undefined, Object]]));
      await app.close();
    });

    it('gives pipes on an @Args method the DTO, as a "body" argument', async () => {
      const { app, run, log } = await start(callOnce('add_note', { orderId: 'o-1', note: 'late' }));
      expect((await run({ role: 'guest' })).finalOutput).toBe('model saw: o-1: late (dto) [timed]');
      expect(log.pipeMetadata).toEqual([{ type: 'body', data: undefined, metatype: NoteArgs }]);
      await app.close();
    });
  });

  describe('a guard that denies', () => {
    it('refuses the call to the model with the guard\'s message; the method never runs and the run goes on', async () => {
      const { app, run, log, shop } = await start(callOnce('refund', { orderId: 'o-2' }));
      const result = await run({ role: 'agent' });
      expect(result.finalOutput).toBe('model saw: The call was refused by RolesGuard: Only managers may refund.');
      expect(shop.refunds).toEqual([]);
      expect(log.entries).toEqual([]);
      await app.close();
    });

    it('answers false with Nest\'s "Forbidden resource"', async () => {
      const { app, run } = await start(callOnce('refund', { orderId: 'o-2' }));
      expect((await run({ role: 'guest' })).finalOutput).toBe('model saw: The call was refused by RolesGuard: Forbidden resource');
      await app.close();
    });

    it('ends the run with GuardrailTripwireError naming the guard with guardDenial: "fail"', async () => {
      const { app, run, shop } = await start(callOnce('refund', { orderId: 'o-2' }), { guardDenial: 'fail' });
      const error = await run({ role: 'agent' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GuardrailTripwireError);
      expect(error).toMatchObject({ guardrail: 'RolesGuard', toolName: 'refund', callId: 'call-1', reason: 'Only managers may refund.' });
      expect(shop.refunds).toEqual([]);
      await app.close();
    });
  });

  describe('an exception filter on the method', () => {
    it('turns the exception it catches into the tool\'s output', async () => {
      const { app, run } = await start(callOnce('refund', { orderId: 'missing' }));
      expect((await run({ role: 'manager' })).finalOutput).toBe('model saw: No such order (toolwright): order MISSING is unknown');
      await app.close();
    });

    it('leaves other errors to the tool\'s failureError (fed to the model by default)', async () => {
      const { app, run } = await start(callOnce('refund', { orderId: 'broken' }));
      expect((await run({ role: 'manager' })).finalOutput).toMatch(/^model saw: An error occurred while running the tool "refund"\. Please try again\. Error: the ledger is down$/);
      await app.close();
    });
  });

  it('keeps the enhancers of a method replaced on the instance after start-up (jest.spyOn)', async () => {
    const { app, run, log, shop } = await start(callOnce('refund', { orderId: 'o-3' }));
    const spy = jest.spyOn(shop, 'refund');
    expect((await run({ role: 'manager' })).finalOutput).toBe('model saw: refunded O-3 [timed]');
    expect(spy).toHaveBeenCalledWith('O-3', expect.objectContaining({ callId: 'call-1' }));
    expect(log.contexts).toHaveLength(1);
    spy.mockRestore();
    await app.close();
  });

  describe('global enhancers', () => {
    /** A global guard written for HTTP only: it reads the request's headers. */
    @Injectable()
    class HttpOnlyAuthGuard implements CanActivate {
      static toolCalls = 0;
      canActivate(context: ExecutionContext): boolean {
        if (isToolCall(context)) {
          HttpOnlyAuthGuard.toolCalls++;
          return true;
        }
        const request = context.switchToHttp().getRequest<{ headers: Record<string, string> }>();
        return request.headers.authorization === 'Bearer ok';
      }
    }

    it('do not run for tool calls by default, and run with globalEnhancers: true', async () => {
      const providers = [{ provide: APP_GUARD, useClass: HttpOnlyAuthGuard }];
      const off = await start(callOnce('refund', { orderId: 'o-4' }), {}, providers);
      await off.run({ role: 'manager' });
      expect(HttpOnlyAuthGuard.toolCalls).toBe(0);
      await off.app.close();

      @Module({ providers })
      class GlobalGuardModule {}
      const app = await Test.createTestingModule({
        imports: [ToolwrightModule.forRoot({ model: callOnce('refund', { orderId: 'o-4' }), globalEnhancers: true }), ShopModule, GlobalGuardModule],
        providers: [ShopAgent],
      }).compile();
      app.useLogger(false);
      const nest = app.createNestApplication({ logger: false });
      await nest.init();
      await nest.get(Runner).run(nest.get(AgentRegistry).get('shop'), 'go', { context: { role: 'manager' } });
      expect(HttpOnlyAuthGuard.toolCalls).toBe(1);
      await nest.close();
    });
  });
});
