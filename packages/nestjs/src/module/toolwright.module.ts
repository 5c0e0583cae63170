import { Module, type DynamicModule, type InjectionToken, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Runner } from '@toolwright/core';
import { AgentRegistry } from '../agents/agent-registry';
import { RunLifecycle } from '../cancellation/run-lifecycle';
import { TOOLWRIGHT_MODULE_OPTIONS } from '../constants/toolwright.constants';
import { ToolkitRegistry } from '../discovery/toolkit-registry';
import { agentTokenProviders, agentTokens } from './agent-token.providers';
import { asyncOptionsProviders } from './async-options.providers';
import { agentProviders } from './feature-providers';
import { runnerProvider } from './runner.provider';
import { RUN_STORE, runStoreProvider } from './run-store.provider';
import { ToolwrightFeatureModule } from '../container/toolwright-feature.module';
import type { ToolwrightFeatureOptions } from './toolwright-feature-options';
import type { ToolwrightModuleAsyncOptions, ToolwrightModuleExtras, ToolwrightModuleOptions } from '../options/toolwright-module-options';

const CORE_PROVIDERS: Provider[] = [ToolkitRegistry, AgentRegistry, RunLifecycle, runnerProvider, runStoreProvider];
const CORE_EXPORTS = [Runner, ToolkitRegistry, AgentRegistry, TOOLWRIGHT_MODULE_OPTIONS, RUN_STORE];

/**
 * Toolwright for NestJS. `forRoot` / `forRootAsync` once in the root module: it provides the
 * configured `Runner`, discovers every toolkit provider of the application, builds the agents,
 * and provides them for `@InjectAgent(name)`. `forFeature` lets a module contribute toolkits and
 * agents.
 *
 * @example
 * @Module({
 *   imports: [ToolwrightModule.forRoot({ model, runner: { maxTurns: 8 }, interceptors: [AuditInterceptor] })],
 *   providers: [WeatherTools, BillingTools, SupportAgent],
 * })
 * export class AppModule {}
 */
@Module({})
export class ToolwrightModule {
  /** Configures Toolwright with fixed options. Global unless `global: false`. */
  static forRoot(options: ToolwrightModuleOptions & ToolwrightModuleExtras = {}): DynamicModule {
    const { global = true, imports = [], ...moduleOptions } = options;
    return rootModule(global, imports, [{ provide: TOOLWRIGHT_MODULE_OPTIONS, useValue: moduleOptions }]);
  }

  /**
   * Configures Toolwright with options built when the application starts: `useFactory` (with
   * `inject`), `useClass` or `useExisting` (a `ToolwrightOptionsFactory`).
   */
  static forRootAsync(options: ToolwrightModuleAsyncOptions): DynamicModule {
    return rootModule(options.global ?? true, options.imports ?? [], asyncOptionsProviders(options));
  }

  /**
   * A module of toolkits and agents: it provides and exports them, and each agent under
   * `getAgentToken(name)` (inject it with `@InjectAgent(name)`). Toolkits provided anywhere else
   * are discovered too; `forFeature` is a convenience, not a requirement.
   */
  static forFeature(options: ToolwrightFeatureOptions): DynamicModule {
    const toolkits = options.toolkits ?? [];
    const agents = agentProviders(options.agents ?? []);
    const agentClasses = (options.agents ?? []).filter((a): a is Function & (new (...args: any[]) => unknown) => typeof a === 'function');
    return {
      module: ToolwrightFeatureModule,
      imports: options.imports ?? [],
      providers: [...toolkits, ...agents.providers],
      exports: [...toolkits.map(providerToken), ...agentClasses, ...agents.tokens],
    };
  }
}

function rootModule(global: boolean, imports: NonNullable<DynamicModule['imports']>, optionProviders: Provider[]): DynamicModule {
  const module: DynamicModule = { module: ToolwrightModule, global, imports: [DiscoveryModule, ...imports] };
  // Read when Nest scans the module, once every class using @InjectAgent(name) is loaded, so the
  // agent tokens cover names asked for anywhere in the application.
  Object.defineProperty(module, 'providers', { enumerable: true, get: (): Provider[] => [...optionProviders, ...CORE_PROVIDERS, ...agentTokenProviders()] });
  Object.defineProperty(module, 'exports', { enumerable: true, get: (): InjectionToken[] => [...CORE_EXPORTS, ...agentTokens()] });
  return module;
}

function providerToken(provider: Provider): InjectionToken {
  return typeof provider === 'function' ? provider : provider.provide;
}
