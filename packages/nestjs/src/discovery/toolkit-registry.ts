import {
  Inject, Injectable, Logger, type BeforeApplicationShutdown, type InjectionToken, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModulesContainer, type ModuleRef } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import { UserError, type Tool } from '@toolwright/core';
import { RunLifecycle } from '../cancellation/run-lifecycle';
import { ContainerEnhancers } from '../container/container-enhancers';
import { describeToken, resolveVisible } from '../container/container-resolver';
import { TOOLWRIGHT_LOGGER_CONTEXT, TOOLWRIGHT_MODULE_OPTIONS } from '../constants/toolwright.constants';
import { NestEnhancerKit, applicationConfigOf } from '../nest-enhancers/nest-enhancer-kit';
import type { ToolwrightModuleOptions } from '../options/toolwright-module-options';
import type { DiscoveredToolkit } from './discovered-toolkit';
import { requestScopedToolkitsError } from './scope-refusal';
import { findToolkitCandidates, type ToolkitCandidate } from './toolkit-candidates';
import { buildToolkitTools } from './toolkit-tools';

/** A toolkit resolved for one consumer: its instance and the tools bound to it. */
export interface ResolvedToolkit {
  instance: object;
  tools: Tool[];
  candidate: ToolkitCandidate;
}

/**
 * Finds every toolkit provider of the application (any class with `@Toolkit()` or `@Tool`
 * methods, in any module) when the application initialises, builds its tools with the
 * container's enhancers (Toolwright's and Nest's), logs what it found, and lists it. It also
 * drives the lifecycle hooks of the enhancer instances the container created for Toolwright.
 *
 * @example
 * const registry = app.get(ToolkitRegistry);
 * for (const t of registry.list()) console.log(t.name, t.module, t.tools);
 */
@Injectable()
export class ToolkitRegistry implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(TOOLWRIGHT_LOGGER_CONTEXT);
  private candidates?: ToolkitCandidate[];
  private discovered?: DiscoveredToolkit[];
  private initialising?: Promise<void>;
  private readonly toolsByInstance = new WeakMap<object, Promise<Tool[]>>();
  /** Guardrail, interceptor and policy classes created by the container, with their lifecycle. @internal */
  readonly enhancers = new ContainerEnhancers();
  private readonly kit: NestEnhancerKit;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly modules: ModulesContainer,
    externalContextCreator: ExternalContextCreator,
    private readonly lifecycle: RunLifecycle,
    @Inject(TOOLWRIGHT_MODULE_OPTIONS) private readonly options: ToolwrightModuleOptions,
  ) {
    this.kit = new NestEnhancerKit(modules, options.globalEnhancers === true ? applicationConfigOf(externalContextCreator) : undefined);
  }

  /** Discovers the toolkits, refuses request-scoped ones, builds every toolkit's tools and logs them. */
  onModuleInit(): Promise<void> {
    this.initialising ??= this.initialise();
    return this.initialising;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.enhancers.bootstrap();
  }

  async onModuleDestroy(): Promise<void> {
    // Runs may still use the enhancers: they end (drained or aborted) first.
    await this.lifecycle.shutdown();
    await this.enhancers.destroy();
  }

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    await this.enhancers.beforeShutdown(signal);
  }

  async onApplicationShutdown(signal?: string): Promise<void> {
    await this.enhancers.shutdown(signal);
  }

  /**
   * What discovery found: one entry per toolkit provider (a class provided in two modules is two
   * entries). Available once the application has initialised (`app.init()` / `app.listen()`).
   */
  list(): DiscoveredToolkit[] {
    if (this.discovered === undefined) {
      throw new UserError('ToolkitRegistry.list() is available once the Nest application has initialised. Fix: call it after await app.init() (or app.listen()), or from onApplicationBootstrap().');
    }
    return this.discovered.map((t) => ({ ...t, methods: [...t.methods], tools: [...t.tools] }));
  }

  /**
   * Resolves a toolkit named by class (or token) for a consumer in the module of `moduleRef`:
   * the provider that module can see, otherwise the one provider of that class the application
   * has. A transient toolkit gives each consumer its own instance.
   *
   * @param consumer who asks, for error messages (e.g. `agent "support"`).
   */
  async resolve(token: InjectionToken, moduleRef: ModuleRef, consumer: string): Promise<ResolvedToolkit> {
    const all = this.findCandidates();
    let matches = all.filter((c) => c.token === token);
    if (matches.length === 0) matches = all.filter((c) => c.toolkitClass === token);
    if (matches.length === 0) {
      throw new UserError(
        `${consumer} names the toolkit ${describeToken(token)}, but no provider of it was discovered. ` +
          'Toolwright discovers providers whose class has @Toolkit() or @Tool methods, in every module.\n' +
          `Potential solutions:\n- Add ${describeToken(token)} to the providers of a module (or to ToolwrightModule.forFeature({ toolkits: [...] })).\n` +
          `- If it is a class, decorate it with @Toolkit() and its tool methods with @Tool().`,
      );
    }
    this.refuseRequestScoped(matches);
    const visible = await resolveVisible<object>(moduleRef, matches[0].token);
    let candidate: ToolkitCandidate;
    let instance: object;
    if (visible !== undefined) {
      instance = visible;
      candidate = matches.find((c) => c.wrapper.instance === visible) ?? matches.find((c) => c.moduleRef === moduleRef) ?? matches[0];
    } else if (matches.length === 1) {
      candidate = matches[0];
      instance = (await resolveVisible<object>(candidate.moduleRef, candidate.token)) as object;
    } else {
      throw new UserError(
        `${consumer} names the toolkit ${describeToken(token)}, which is provided in several modules (${matches.map((c) => c.moduleName).join(', ')}) and visible in none of them from where it is named. ` +
          'Fix: provide it in one module and export it, or import the module whose instance you mean.',
      );
    }
    return { instance, candidate, tools: await this.toolsFor(instance, candidate) };
  }

  private async initialise(): Promise<void> {
    await this.enhancers.start();
    const candidates = this.findCandidates();
    this.refuseRequestScoped(candidates);
    const discovered: DiscoveredToolkit[] = [];
    for (const candidate of candidates) {
      const instance = await resolveVisible<object>(candidate.moduleRef, candidate.token);
      if (instance === undefined) throw new UserError(`Toolwright could not resolve the toolkit provider ${describeToken(candidate.token)} in ${candidate.moduleName}.`);
      const tools = await this.toolsFor(instance, candidate);
      discovered.push({
        name: candidate.name,
        token: candidate.token,
        toolkitClass: candidate.toolkitClass,
        module: candidate.moduleName,
        scope: candidate.scope === 'transient' ? 'transient' : 'singleton',
        mocked: candidate.mocked,
        methods: candidate.methods,
        tools: tools.map((t) => t.name),
      });
    }
    this.discovered = discovered;
    if (this.options.logDiscovery !== false) this.log(discovered);
  }

  private findCandidates(): ToolkitCandidate[] {
    // Providers are fixed once the application is scanned; the list is kept once init has run.
    if (this.candidates !== undefined) return this.candidates;
    const found = findToolkitCandidates(this.discovery, this.scanner, this.modules);
    if (this.initialising !== undefined) this.candidates = found;
    return found;
  }

  private refuseRequestScoped(candidates: readonly ToolkitCandidate[]): void {
    const refused = candidates.filter((c) => c.scope === 'request');
    if (refused.length > 0) {
      throw requestScopedToolkitsError(refused.map((c) => ({ className: c.toolkitClass.name, module: c.moduleName, explicit: c.explicitRequestScope })));
    }
  }

  /** The tools of one toolkit instance, built once. */
  private toolsFor(instance: object, candidate: ToolkitCandidate): Promise<Tool[]> {
    let tools = this.toolsByInstance.get(instance);
    if (tools === undefined) {
      tools = buildToolkitTools(instance, candidate, { enhancers: this.enhancers, kit: this.kit, guardDenial: this.options.guardDenial ?? 'refuse', logger: this.logger });
      this.toolsByInstance.set(instance, tools);
    }
    return tools;
  }

  private log(discovered: readonly DiscoveredToolkit[]): void {
    if (discovered.length === 0) {
      this.logger.warn('No toolkits discovered. Toolkits are providers whose class has @Toolkit() or @Tool methods; add them to a module\'s providers.');
      return;
    }
    for (const t of discovered) {
      const notes = `${t.scope === 'transient' ? ', transient' : ''}${t.mocked ? ', replaced by a test double' : ''}`;
      const tools = t.tools.length > 0 ? t.tools.join(', ') : 'no tools';
      this.logger.log(`Toolkit ${t.name} (${t.toolkitClass.name} in ${t.module}${notes}): ${tools}`);
    }
  }
}
