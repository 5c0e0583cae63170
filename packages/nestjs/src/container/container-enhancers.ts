import { Scope, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { SCOPE_OPTIONS_METADATA } from '@nestjs/common/constants';
import type { ModuleRef } from '@nestjs/core';
import { UserError, type Type } from '@toolwright/core';
import { resolveVisible } from './container-resolver';

/** Who needs an enhancer class, for error messages. */
export interface EnhancerUse {
  /** `@UseGuardrails/@UseInterceptors on BillingTools`, `ToolwrightModule options: guardrails[0]`. */
  usedBy: string;
  /** The module the class is resolved in, as the user knows it. */
  module: string;
  /** For a transient class: the consumer that gets its own instance (a toolkit instance). */
  consumer?: object;
}

type Hooks = Partial<OnModuleInit & OnApplicationBootstrap & OnModuleDestroy & BeforeApplicationShutdown & OnApplicationShutdown>;

/**
 * Guardrail, interceptor and approval-policy classes named by class (`@UseGuardrails(Some)`,
 * the module options), resolved like Nest resolves `@UseGuards(SomeGuard)`: the provider of the
 * class when the module can see one, otherwise an instance the container creates in that module
 * with its constructor dependencies injected. One instance per class and module (per consumer
 * for a transient class); a request-scoped class is refused, since tools are bound once.
 *
 * Instances created here are the module's like its providers: they get the lifecycle hooks
 * (`onModuleInit` once the application initialises, then `onApplicationBootstrap`,
 * `onModuleDestroy`, `beforeApplicationShutdown`, `onApplicationShutdown`), called in the
 * Toolwright module's turn. Providers found instead get theirs from Nest as usual.
 *
 * @internal
 */
export class ContainerEnhancers {
  private readonly created: Hooks[] = [];
  private readonly byModule = new WeakMap<ModuleRef, Map<Type, Promise<unknown>>>();
  private readonly byConsumer = new WeakMap<object, Map<Type, Promise<unknown>>>();
  private started = false;

  /** The instance of `type` for a use in the module of `moduleRef`. */
  resolve(moduleRef: ModuleRef, type: Type, use: EnhancerUse): Promise<unknown> {
    const scope = (Reflect.getMetadata(SCOPE_OPTIONS_METADATA, type) as { scope?: Scope } | undefined)?.scope;
    if (scope === Scope.REQUEST) {
      return Promise.reject(
        new UserError(
          `${type.name} (${use.usedBy}, in ${use.module}) is request-scoped. Toolwright binds guardrails and interceptors once, when the application starts. ` +
            'Fix: remove the request scope; read per-request data from the run context (ctx.context) instead.',
        ),
      );
    }
    const owner = scope === Scope.TRANSIENT && use.consumer !== undefined ? this.mapOf(this.byConsumer, use.consumer) : this.mapOf(this.byModule, moduleRef);
    let instance = owner.get(type);
    if (instance === undefined) {
      instance = this.create(moduleRef, type, use);
      owner.set(type, instance);
    }
    return instance;
  }

  /** Calls `onModuleInit` of the instances created so far; later ones get it once created. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const instance of this.created) await instance.onModuleInit?.();
  }

  async bootstrap(): Promise<void> {
    await Promise.all(this.created.map((i) => i.onApplicationBootstrap?.()));
  }

  async destroy(): Promise<void> {
    await Promise.all(this.created.map((i) => i.onModuleDestroy?.()));
  }

  async beforeShutdown(signal?: string): Promise<void> {
    await Promise.all(this.created.map((i) => i.beforeApplicationShutdown?.(signal)));
  }

  async shutdown(signal?: string): Promise<void> {
    await Promise.all(this.created.map((i) => i.onApplicationShutdown?.(signal)));
  }

  private async create(moduleRef: ModuleRef, type: Type, use: EnhancerUse): Promise<unknown> {
    const visible = await resolveVisible<unknown>(moduleRef, type);
    if (visible !== undefined) return visible;
    let instance: Hooks;
    try {
      instance = (await moduleRef.create(type)) as Hooks;
    } catch (error) {
      throw new UserError(
        `Toolwright could not create ${type.name}, used by ${use.usedBy} (in ${use.module}): ${error instanceof Error ? error.message : String(error)}\n` +
          `Fix: make ${type.name}'s constructor dependencies available in ${use.module} (provide them there or import the module that exports them).`,
      );
    }
    this.created.push(instance);
    if (this.started) await instance.onModuleInit?.();
    return instance;
  }

  private mapOf<K extends object>(maps: WeakMap<K, Map<Type, Promise<unknown>>>, key: K): Map<Type, Promise<unknown>> {
    let map = maps.get(key);
    if (map === undefined) {
      map = new Map();
      maps.set(key, map);
    }
    return map;
  }
}
