import 'reflect-metadata';
import { Inject, Injectable, Module, Scope } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Agent, Runner, ScriptedModel, UserError, type RunContext } from '@toolwright/core';
import { AgentDefinition, AgentRegistry, InjectAgent, ToolwrightModule, getAgentToken } from '../src';
import { AuditModule, BLOCKED_WORDS } from './fixtures/audit';
import { BillingTools, ForecastService, PlainService, TransientCounterTools, WeatherModule, WeatherTools } from './fixtures/toolkits';

@AgentDefinition({ name: 'support', instructions: 'Help the customer.', tools: [WeatherTools, BillingTools] })
@Injectable()
class SupportAgent {}

@Module({
  imports: [AuditModule],
  providers: [BillingTools, { provide: BLOCKED_WORDS, useValue: ['forbidden'] }],
  exports: [BillingTools],
})
class BillingModule {}

function weatherThenAnswer() {
  return new ScriptedModel([{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] }, { text: 'done' }]);
}

async function start(metadata: Parameters<typeof Test.createTestingModule>[0]) {
  const moduleRef = await Test.createTestingModule(metadata).compile();
  moduleRef.useLogger(false);
  await moduleRef.init();
  return moduleRef;
}

describe('Agents as providers', () => {
  describe('an @AgentDefinition class in a module\'s providers', () => {
    it('is built with its toolkit classes resolved from the container, and found by name', async () => {
      const model = weatherThenAnswer();
      const app = await start({ imports: [ToolwrightModule.forRoot({ model }), WeatherModule, BillingModule], providers: [SupportAgent] });
      const agent = app.get(AgentRegistry).get('support');
      expect(agent).toBeInstanceOf(Agent);
      expect(agent.instructions).toBe('Help the customer.');
      expect((agent.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['get_weather', 'refund']);
      const result = await app.get(Runner).run(agent, 'Weather in Oslo?');
      expect(result.finalOutput).toBe('done');
      // The tool ran on the container's instance, with its injected ForecastService.
      expect(result.newItems).toContainEqual(expect.objectContaining({ type: 'function_call_output', output: 'Sunny in Oslo' }));
      expect(model.requests[0].instructions).toBe('Help the customer.');
      await app.close();
    });

    it('takes per-run instructions from an instructions(ctx) method of the class, with its own dependencies', async () => {
      @AgentDefinition({ name: 'greeter', tools: [WeatherTools] })
      @Injectable()
      class GreeterAgent {
        constructor(private readonly plain: PlainService) {}
        instructions(ctx: RunContext<{ tenant: string }>): string {
          return `${this.plain.hello()} from ${ctx.context.tenant}`;
        }
      }
      const model = weatherThenAnswer();
      const app = await start({ imports: [ToolwrightModule.forRoot({ model }), WeatherModule], providers: [PlainService, GreeterAgent] });
      await app.get(Runner).run(app.get(AgentRegistry).get('greeter'), 'hi', { context: { tenant: 'acme' } });
      expect(model.requests[0].instructions).toBe('hi from acme');
      await app.close();
    });

    it('fails start-up when a named toolkit class was not discovered, naming agent and toolkit', async () => {
      @AgentDefinition({ name: 'lonely', tools: [WeatherTools] })
      @Injectable()
      class LonelyAgent {}
      const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({})], providers: [LonelyAgent] }).compile();
      app.useLogger(false);
      const failure = app.init();
      await expect(failure).rejects.toThrow(UserError);
      await expect(failure).rejects.toThrow(/Agent "lonely" \(LonelyAgent \(in RootTestModule\)\) names the toolkit WeatherTools, but no provider of it was discovered/);
    });

    it('fails start-up when two agents share a name', async () => {
      @AgentDefinition({ name: 'support', tools: [] })
      @Injectable()
      class OtherSupportAgent {}
      const app = await Test.createTestingModule({
        imports: [ToolwrightModule.forRoot({}), WeatherModule, BillingModule],
        providers: [SupportAgent, OtherSupportAgent],
      }).compile();
      app.useLogger(false);
      await expect(app.init()).rejects.toThrow(/Two agents are named "support": SupportAgent \(in RootTestModule\) and OtherSupportAgent \(in RootTestModule\)/);
    });

    it('refuses a request-scoped agent provider at start-up', async () => {
      @AgentDefinition({ name: 'per-request', tools: [] })
      @Injectable({ scope: Scope.REQUEST })
      class PerRequestAgent {}
      const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({})], providers: [PerRequestAgent] }).compile();
      app.useLogger(false);
      await expect(app.init()).rejects.toThrow(/Agent provider PerRequestAgent \(in RootTestModule\) is request-scoped/);
    });

    it('answers get() of an unknown name with the known names', async () => {
      const app = await start({ imports: [ToolwrightModule.forRoot({}), WeatherModule, BillingModule], providers: [SupportAgent] });
      const registry = app.get(AgentRegistry);
      expect(() => registry.get('sales')).toThrow('No agent named "sales". Known agents: "support".');
      expect(registry.has('support')).toBe(true);
      expect(registry.list().map((a) => a.name)).toEqual(['support']);
      await app.close();
    });

    it('gives every agent naming a transient toolkit its own instance', async () => {
      @AgentDefinition({ name: 'a', tools: [TransientCounterTools] })
      @Injectable()
      class AgentA {}
      @AgentDefinition({ name: 'b', tools: [TransientCounterTools] })
      @Injectable()
      class AgentB {}
      const model = new ScriptedModel((request) => (request.input.some((i) => i.type === 'function_call_output') ? { text: 'ok' } : { toolCalls: [{ name: 'increment', arguments: {} }] }));
      const app = await start({ imports: [ToolwrightModule.forRoot({ model })], providers: [TransientCounterTools, AgentA, AgentB] });
      const runner = app.get(Runner);
      const outputs: unknown[] = [];
      for (const name of ['a', 'a', 'b']) {
        const result = await runner.run(app.get(AgentRegistry).get(name), 'go');
        outputs.push(result.newItems.find((i) => i.type === 'function_call_output')?.output);
      }
      const [first, second, third] = outputs as string[];
      const id = (s: string) => s.split(':')[0];
      expect(id(first)).toBe(id(second));
      expect(second.endsWith(': 2')).toBe(true);
      expect(id(third)).not.toBe(id(first));
      expect(third.endsWith(': 1')).toBe(true);
      await app.close();
    });
  });

  describe('ToolwrightModule.forFeature', () => {
    const TRIAGE_PROMPT = Symbol('TRIAGE_PROMPT');

    @Module({ providers: [{ provide: TRIAGE_PROMPT, useValue: 'Route the request.' }, ForecastService], exports: [TRIAGE_PROMPT, ForecastService] })
    class PromptModule {}

    @Injectable()
    class ChatService {
      constructor(
        @InjectAgent('support') readonly support: Agent,
        @InjectAgent('triage') readonly triage: Agent,
        readonly runner: Runner,
      ) {}
    }

    @Module({
      imports: [
        ToolwrightModule.forFeature({
          imports: [PromptModule, BillingModule],
          toolkits: [WeatherTools],
          agents: [
            SupportAgent,
            { name: 'triage', inject: [TRIAGE_PROMPT], useFactory: (prompt: string) => ({ instructions: prompt, tools: [WeatherTools] }) },
          ],
        }),
      ],
      providers: [ChatService],
    })
    class ChatModule {}

    it('provides class and factory agents by token, injectable with @InjectAgent, and registers them', async () => {
      const model = weatherThenAnswer();
      const app = await start({ imports: [ToolwrightModule.forRoot({ model }), ChatModule] });
      const chat = app.get(ChatService);
      expect(chat.triage.instructions).toBe('Route the request.');
      expect((chat.triage.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['get_weather']);
      expect((chat.support.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['get_weather', 'refund']);
      const registry = app.get(AgentRegistry);
      expect(registry.get('support')).toBe(chat.support);
      expect(registry.get('triage')).toBe(chat.triage);
      expect(app.get(getAgentToken('triage'), { strict: false })).toBe(chat.triage);
      expect((await chat.runner.run(chat.triage, 'Oslo?')).finalOutput).toBe('done');
      await app.close();
    });

    it('refuses a class without @AgentDefinition at once', () => {
      expect(() => ToolwrightModule.forFeature({ agents: [PlainService] })).toThrow(/agents\[0\] \(PlainService\) has no @AgentDefinition/);
    });

    it('reports a factory that returns no options', async () => {
      const app = await Test.createTestingModule({
        imports: [ToolwrightModule.forRoot({}), ToolwrightModule.forFeature({ agents: [{ name: 'broken', useFactory: () => undefined as never }] })],
      }).compile().catch((e: unknown) => e);
      expect(String(app)).toMatch(/factory of agent "broken".*useFactory must return the agent's options/);
    });
  });

  it('injects by token an agent whose toolkit comes from a module the feature module does not import (unique provider)', async () => {
    @Injectable()
    class Consumer {
      constructor(@Inject(getAgentToken('weather-only')) readonly agent: Agent) {}
    }
    @Module({
      imports: [ToolwrightModule.forFeature({ agents: [{ name: 'weather-only', useFactory: () => ({ tools: [WeatherTools] }) }] })],
      providers: [Consumer],
    })
    class FeatureModule {}
    const app = await start({ imports: [ToolwrightModule.forRoot({}), WeatherModule, FeatureModule] });
    expect((app.get(Consumer).agent.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['get_weather']);
    await app.close();
  });
});
