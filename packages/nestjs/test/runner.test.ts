import 'reflect-metadata';
import { Inject, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  GuardrailOutcome, Runner, ScriptedModel, ToolResult, defineToolOutputGuardrail, type ToolInterceptor, type ToolInvocation,
} from '@toolwright/core';
import { AgentRegistry, TOOLWRIGHT_MODULE_OPTIONS, ToolwrightModule, AgentDefinition } from '../src';
import { AuditInterceptor, AuditLog, AuditModule } from './fixtures/audit';
import { WeatherModule, WeatherTools } from './fixtures/toolkits';

@AgentDefinition({ name: 'weather', tools: [WeatherTools] })
@Injectable()
class WeatherAgent {}

@Injectable()
class ChatService {
  constructor(readonly runner: Runner) {}
}

const SETTINGS = Symbol('SETTINGS');

@Module({ providers: [{ provide: SETTINGS, useValue: { maxTurns: 3, suffix: '!' } }], exports: [SETTINGS] })
class SettingsModule {}

/** A global interceptor class whose dependency comes from the forRootAsync imports. */
@Injectable()
class SuffixInterceptor implements ToolInterceptor {
  constructor(@Inject(SETTINGS) private readonly settings: { suffix: string }) {}
  async intercept(_invocation: ToolInvocation, next: () => Promise<ToolResult>): Promise<ToolResult> {
    const result = await next();
    const first = result.content[0];
    return first?.type === 'input_text' ? ToolResult.text(`${first.text}${this.settings.suffix}`) : result;
  }
}

async function start(metadata: Parameters<typeof Test.createTestingModule>[0]) {
  const moduleRef = await Test.createTestingModule(metadata).compile();
  moduleRef.useLogger(false);
  await moduleRef.init();
  return moduleRef;
}

function weatherModel() {
  return new ScriptedModel([{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] }, { text: 'done' }]);
}

describe('The injectable Runner', () => {
  it('is injected by class and configured with the module\'s model and runner defaults', async () => {
    const model = weatherModel();
    const app = await start({
      imports: [ToolwrightModule.forRoot({ model, runner: { maxTurns: 4, maxToolConcurrency: 2 } }), WeatherModule],
      providers: [ChatService, WeatherAgent],
    });
    const runner = app.get(ChatService).runner;
    expect(runner).toBeInstanceOf(Runner);
    expect(runner).toBe(app.get(Runner));
    expect(runner.options).toMatchObject({ model, maxTurns: 4, maxToolConcurrency: 2 });
    const result = await runner.run(app.get(AgentRegistry).get('weather'), 'Oslo?');
    expect(result.finalOutput).toBe('done');
    expect(model.requests).toHaveLength(2);
    await app.close();
  });

  it('applies global guardrails and interceptor classes resolved from the container to every call', async () => {
    const shout = defineToolOutputGuardrail({
      name: 'no-rain',
      check: ({ result }) => (JSON.stringify(result.content).includes('Rain') ? GuardrailOutcome.reject('redacted') : GuardrailOutcome.allow()),
    });
    const app = await start({
      imports: [
        ToolwrightModule.forRoot({ imports: [AuditModule], model: weatherModel(), guardrails: [shout], interceptors: [AuditInterceptor] }),
        AuditModule,
        WeatherModule,
      ],
      providers: [WeatherAgent],
    });
    const runner = app.get(Runner);
    expect(runner.options.guardrails).toEqual([shout]);
    expect(runner.options.interceptors?.[0]).toBeInstanceOf(AuditInterceptor);
    await runner.run(app.get(AgentRegistry).get('weather'), 'Oslo?');
    // AuditInterceptor is no provider: it was created in ToolwrightModule, with AuditLog from its imports.
    expect(app.get(AuditLog).entries).toEqual(['before get_weather', 'after get_weather']);
    await app.close();
  });

  describe('forRootAsync', () => {
    it('builds the options with a factory whose dependencies come from its imports, global classes included', async () => {
      const model = weatherModel();
      const app = await start({
        imports: [
          ToolwrightModule.forRootAsync({
            imports: [SettingsModule],
            inject: [SETTINGS],
            useFactory: (settings: { maxTurns: number }) => ({ model, runner: { maxTurns: settings.maxTurns }, interceptors: [SuffixInterceptor] }),
          }),
          WeatherModule,
        ],
        providers: [WeatherAgent],
      });
      const runner = app.get(Runner);
      expect(runner.options.maxTurns).toBe(3);
      expect(app.get(TOOLWRIGHT_MODULE_OPTIONS)).toMatchObject({ model });
      const result = await runner.run(app.get(AgentRegistry).get('weather'), 'Oslo?', {});
      expect(result.finalOutput).toBe('done');
      expect(result.newItems).toContainEqual(expect.objectContaining({ type: 'function_call_output', output: 'Sunny in Oslo!' }));
      await app.close();
    });

    it('fails start-up when a global interceptor entry is not an interceptor', async () => {
      const app = Test.createTestingModule({
        imports: [ToolwrightModule.forRootAsync({ useFactory: () => ({ interceptors: [{} as never] }) })],
      }).compile();
      await expect(app).rejects.toThrow(/interceptors\[0\] has no intercept\(invocation, next\) method/);
    });
  });
});
