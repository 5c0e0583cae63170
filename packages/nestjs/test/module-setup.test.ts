import 'reflect-metadata';
import { Injectable, Logger, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Agent, Runner, ScriptedModel, UserError } from '@toolwright/core';
import {
  AgentDefinition, InjectAgent, TOOLWRIGHT_MODULE_OPTIONS, ToolkitRegistry, ToolwrightModule, type ToolwrightModuleOptions, type ToolwrightOptionsFactory,
} from '../src';
import { ForecastService, WeatherModule, WeatherTools } from './fixtures/toolkits';

async function start(metadata: Parameters<typeof Test.createTestingModule>[0]) {
  const app = await Test.createTestingModule(metadata).compile();
  app.useLogger(false);
  await app.init();
  return app;
}

describe('ToolwrightModule.forFeature', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is named after the module that imports it, in list(), the logs and errors', async () => {
    @Module({ imports: [ToolwrightModule.forFeature({ toolkits: [ForecastService, WeatherTools] })] })
    class ForecastFeatureModule {}
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({}), ForecastFeatureModule] }).compile();
    await app.init();
    expect(app.get(ToolkitRegistry).list().map((t) => t.module)).toEqual(['ForecastFeatureModule']);
    expect(log).toHaveBeenCalledWith('Toolkit weather (WeatherTools in ForecastFeatureModule): get_weather');
    await app.close();

    @Module({ imports: [ToolwrightModule.forFeature({ toolkits: [ForecastService, WeatherTools] })] })
    class OtherFeatureModule {}
    @AgentDefinition({ name: 'weather', tools: [WeatherTools] })
    @Injectable()
    class WeatherAgent {}
    const ambiguous = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({}), ForecastFeatureModule, OtherFeatureModule], providers: [WeatherAgent] }).compile();
    ambiguous.useLogger(false);
    await expect(ambiguous.init()).rejects.toThrow(/provided in several modules \(ForecastFeatureModule, OtherFeatureModule\)/);
  });
});

describe('ToolwrightModule.forRootAsync', () => {
  const SETTINGS = Symbol('SETTINGS');
  @Module({ providers: [{ provide: SETTINGS, useValue: { maxTurns: 5 } }], exports: [SETTINGS] })
  class SettingsModule {}

  @Injectable()
  class ToolwrightConfig implements ToolwrightOptionsFactory {
    constructor(private readonly forecasts: ForecastService) {}
    createToolwrightOptions(): ToolwrightModuleOptions {
      return { runner: { maxTurns: this.forecasts.forecast('x').length } };
    }
  }
  @Module({ providers: [ForecastService, ToolwrightConfig], exports: [ForecastService, ToolwrightConfig] })
  class ConfigModule {}

  it('takes useClass: a ToolwrightOptionsFactory the module creates, with its dependencies', async () => {
    const app = await start({ imports: [ToolwrightModule.forRootAsync({ imports: [ConfigModule], useClass: ToolwrightConfig })] });
    expect(app.get(Runner).options.maxTurns).toBe('Sunny in x'.length);
    await app.close();
  });

  it('takes useExisting: a ToolwrightOptionsFactory provided by an imported module', async () => {
    const app = await start({ imports: [ToolwrightModule.forRootAsync({ imports: [ConfigModule], useExisting: ToolwrightConfig })] });
    expect(app.get(TOOLWRIGHT_MODULE_OPTIONS)).toEqual({ runner: { maxTurns: 10 } });
    await app.close();
  });

  it('takes useFactory with inject', async () => {
    const app = await start({ imports: [ToolwrightModule.forRootAsync({ imports: [SettingsModule], inject: [SETTINGS], useFactory: (s: { maxTurns: number }) => ({ runner: s }) })] });
    expect(app.get(Runner).options.maxTurns).toBe(5);
    await app.close();
  });

  it('refuses none, or more than one, of useFactory, useClass and useExisting', () => {
    expect(() => ToolwrightModule.forRootAsync({})).toThrow(/exactly one of useFactory, useClass and useExisting/);
    expect(() => ToolwrightModule.forRootAsync({ useClass: ToolwrightConfig, useExisting: ToolwrightConfig })).toThrow(/got useClass and useExisting/);
  });
});

describe('@InjectAgent', () => {
  @AgentDefinition({ name: 'forecaster', instructions: 'Forecast.', tools: [WeatherTools] })
  @Injectable()
  class ForecasterAgent {}

  @Injectable()
  class ForecastChat {
    constructor(@InjectAgent('forecaster') readonly agent: Agent) {}
  }

  it('injects an @AgentDefinition declared in a module\'s plain providers', async () => {
    @Module({ imports: [WeatherModule], providers: [ForecasterAgent, ForecastChat] })
    class ChatModule {}
    const model = new ScriptedModel([{ text: 'Sunny.' }]);
    const app = await start({ imports: [ToolwrightModule.forRoot({ model }), ChatModule] });
    const chat = app.get(ForecastChat);
    expect(chat.agent).toBeInstanceOf(Agent);
    expect(chat.agent.name).toBe('forecaster');
    expect((chat.agent.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['get_weather']);
    expect((await app.get(Runner).run(chat.agent, 'weather?')).finalOutput).toBe('Sunny.');
    await app.close();
  });

  it('fails start-up when a class injects an agent nobody defines, naming the class', async () => {
    @Injectable()
    class LostChat {
      constructor(@InjectAgent('nobody') readonly agent: Agent) {}
    }
    @Module({ providers: [LostChat] })
    class LostModule {}
    const failure = Test.createTestingModule({ imports: [ToolwrightModule.forRoot({}), LostModule] }).compile();
    await expect(failure).rejects.toThrow(UserError);
    await expect(Test.createTestingModule({ imports: [ToolwrightModule.forRoot({}), LostModule] }).compile()).rejects.toThrow(
      /LostChat \(in LostModule\) injects @InjectAgent\('nobody'\), but no agent is named "nobody"/,
    );
  });
});
