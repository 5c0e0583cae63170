import { Module, type DynamicModule, type InjectionToken, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Runner } from '@toolwright/core';
import { AgentRegistry } from '../agents/agent-registry';
import { TOOLWRIGHT_MODULE_OPTIONS } from '../constants/toolwright.constants';
import { ToolkitRegistry } from '../discovery/toolkit-registry';
import { agentProviders } from './feature-providers';
import { runnerProvider } from './runner.provider';
import type { ToolwrightFeatureOptions } from './toolwright-feature-options';
import type { ToolwrightModuleAsyncOptions, ToolwrightModuleExtras, ToolwrightModuleOptions } from './toolwright-module-options';

const CORE_PROVIDERS: Provider[] = [ToolkitRegistry, AgentRegistry, runnerProvider];
const CORE_EXPORTS = [Runner, ToolkitRegistry, AgentRegistry, TOOLWRIGHT_MODULE_OPTIONS];

/**
 * Toolwright for NestJS. `forRoot` / `forRootAsync` once in the root module: it provides the
 * configured `Runner`, discovers every toolkit provider of the application, and builds the
 * agents. `forFeature` lets a module contribute toolkits and agents.
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
    return {
      module: ToolwrightModule,
      global,
      imports: [DiscoveryModule, ...imports],
      providers: [{ provide: TOOLWRIGHT_MODULE_OPTIONS, useValue: moduleOptions }, ...CORE_PROVIDERS],
      exports: CORE_EXPORTS,
    };
  }

  /** Configures Toolwright with options from a factory whose dependencies are injected. */
  static forRootAsync(options: ToolwrightModuleAsyncOptions): DynamicModule {
    return {
      module: ToolwrightModule,
      global: options.global ?? true,
      imports: [DiscoveryModule, ...(options.imports ?? [])],
      providers: [{ provide: TOOLWRIGHT_MODULE_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory }, ...CORE_PROVIDERS],
      exports: CORE_EXPORTS,
    };
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

/** The module class of `ToolwrightModule.forFeature(...)`. */
@Module({})
export class ToolwrightFeatureModule {}

function providerToken(provider: Provider): InjectionToken {
  return typeof provider === 'function' ? provider : provider.provide;
}
