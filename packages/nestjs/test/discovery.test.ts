import 'reflect-metadata';
import { Injectable, Logger, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Param, ScriptedModel, Tool, Toolkit, UserError } from '@toolwright/core';
import { ToolkitRegistry, ToolwrightModule } from '../src';
import { AuditModule, BLOCKED_WORDS } from './fixtures/audit';
import {
  BillingTools, ExtendedWeatherTools, ForecastService, ImplicitlyRequestScopedTools, PlainService, RequestScopedTools,
  TransientCounterTools, WeatherModule, WeatherTools,
} from './fixtures/toolkits';

const model = new ScriptedModel([{ text: 'unused' }]);

async function start(metadata: Parameters<typeof Test.createTestingModule>[0]) {
  const moduleRef = await Test.createTestingModule(metadata).compile();
  moduleRef.useLogger(false);
  await moduleRef.init();
  return moduleRef;
}

@Module({
  imports: [AuditModule],
  providers: [BillingTools, PlainService, { provide: BLOCKED_WORDS, useValue: ['forbidden'] }],
})
class BillingModule {}

@Toolkit({ name: 'valued' })
class ValueTools {
  @Tool()
  echo(@Param('text') text: string) {
    return text;
  }
}

describe('ToolwrightModule discovery', () => {
  afterEach(() => jest.restoreAllMocks());

  describe('when toolkits are providers of several modules', () => {
    it('finds @Toolkit classes and classes with only @Tool methods, in every module, and lists them', async () => {
      const app = await start({ imports: [ToolwrightModule.forRoot({ model }), WeatherModule, BillingModule] });
      const list = app.get(ToolkitRegistry).list();
      expect(list.map((t) => [t.name, t.module, t.scope, t.tools])).toEqual(
        expect.arrayContaining([
          ['weather', 'WeatherModule', 'singleton', ['get_weather']],
          ['BillingTools', 'BillingModule', 'singleton', ['refund']],
        ]),
      );
      expect(list).toHaveLength(2);
      expect(list.find((t) => t.name === 'weather')).toMatchObject({ token: WeatherTools, toolkitClass: WeatherTools, methods: ['getWeather'] });
      await app.close();
    });

    it('does not list providers without @Toolkit or @Tool', async () => {
      const app = await start({ imports: [ToolwrightModule.forRoot({ model }), BillingModule] });
      expect(app.get(ToolkitRegistry).list().map((t) => t.toolkitClass)).toEqual([BillingTools]);
      expect(app.get(PlainService).hello()).toBe('hi');
      await app.close();
    });

    it('logs every toolkit with its module and tools at start-up', async () => {
      const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
      const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({ model }), WeatherModule] }).compile();
      await app.init();
      expect(log).toHaveBeenCalledWith('Toolkit weather (WeatherTools in WeatherModule): get_weather');
      await app.close();
    });

    it('warns when it finds no toolkit at all, and logs nothing with logDiscovery: false', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
      const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({ model })], providers: [PlainService] }).compile();
      await app.init();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('No toolkits discovered'));
      await app.close();
      warn.mockClear();
      const quiet = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({ model, logDiscovery: false }), WeatherModule] }).compile();
      await quiet.init();
      expect(warn).not.toHaveBeenCalled();
      expect(log.mock.calls.filter(([m]) => String(m).startsWith('Toolkit '))).toEqual([]);
      await quiet.close();
    });

    it('refuses list() before the application has initialised, saying when it is available', async () => {
      const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({ model }), WeatherModule] }).compile();
      expect(() => app.get(ToolkitRegistry).list()).toThrow(/once the Nest application has initialised/);
    });
  });

  describe('when toolkits subclass other toolkits', () => {
    it('finds a subclass provider with its inherited and its own tools', async () => {
      const app = await start({
        imports: [ToolwrightModule.forRoot({ model })],
        providers: [ForecastService, ExtendedWeatherTools],
      });
      const [found] = app.get(ToolkitRegistry).list();
      // The subclass has no @Toolkit of its own, so the base class's name applies.
      expect(found).toMatchObject({ name: 'weather', toolkitClass: ExtendedWeatherTools });
      expect(found.tools.sort()).toEqual(['get_tomorrow', 'get_weather']);
      expect(found.methods.sort()).toEqual(['getTomorrow', 'getWeather']);
      await app.close();
    });

    it('finds a base-class token provided with useClass: Subclass, and a useValue instance', async () => {
      const app = await start({
        imports: [ToolwrightModule.forRoot({ model })],
        providers: [ForecastService, { provide: WeatherTools, useClass: ExtendedWeatherTools }, { provide: 'VALUE_TOOLS', useValue: new ValueTools() }],
      });
      const list = app.get(ToolkitRegistry).list();
      expect(list.find((t) => t.token === WeatherTools)).toMatchObject({ toolkitClass: ExtendedWeatherTools });
      expect(list.find((t) => t.token === 'VALUE_TOOLS')).toMatchObject({ name: 'valued', toolkitClass: ValueTools, tools: ['echo'] });
      await app.close();
    });
  });

  describe('scopes', () => {
    it('refuses a request-scoped toolkit at start-up, naming it and the fix', async () => {
      const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({ model })], providers: [RequestScopedTools] }).compile();
      app.useLogger(false);
      const failure = app.init();
      await expect(failure).rejects.toThrow(UserError);
      await expect(failure).rejects.toThrow(/RequestScopedTools \(in RootTestModule\) is declared with scope: Scope.REQUEST[\s\S]*@Ctx\(\)/);
    });

    it('refuses a toolkit made request-scoped by a dependency on REQUEST', async () => {
      const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({ model })], providers: [ImplicitlyRequestScopedTools] }).compile();
      app.useLogger(false);
      await expect(app.init()).rejects.toThrow(/ImplicitlyRequestScopedTools \(in RootTestModule\) depends, directly or through other providers, on a request-scoped provider/);
    });

    it('handles a transient toolkit, listed as transient', async () => {
      const app = await start({ imports: [ToolwrightModule.forRoot({ model })], providers: [TransientCounterTools] });
      expect(app.get(ToolkitRegistry).list()).toEqual([expect.objectContaining({ name: 'counter', scope: 'transient', tools: ['increment'] })]);
      await app.close();
    });
  });

  it('discovers a toolkit declared in the test itself, proving nothing is registered by hand', async () => {
    @Injectable()
    class LocalTools {
      @Tool()
      now() {
        return 'now';
      }
    }
    const app = await start({ imports: [ToolwrightModule.forRoot({ model })], providers: [LocalTools] });
    expect(app.get(ToolkitRegistry).list().map((t) => t.name)).toEqual(['LocalTools']);
    await app.close();
  });
});
