import { Scope, type InjectionToken } from '@nestjs/common';
import { ModuleRef, type DiscoveryService, type MetadataScanner, type ModulesContainer } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import type { Module } from '@nestjs/core/injector/module';
import { ancestryOf, getMetadataStorage } from '@toolwright/core/internal';
import { hasToolDefinitions, hasToolkitDecorator, isToolMethod } from '../container/enhancer-classes';
import { moduleName } from '../container/module-names';

/** A provider whose class is a toolkit, before its instance is resolved. @internal */
export interface ToolkitCandidate {
  wrapper: InstanceWrapper;
  token: InjectionToken;
  /** The class whose tools the provider offers: its instance's class, or the token's for a test double. */
  toolkitClass: Function;
  /** `true` when the instance is a stand-in for the token's toolkit class (`overrideProvider(...).useValue(mock)`). */
  mocked: boolean;
  /** `@Toolkit({ name })` or the class name. */
  name: string;
  /** The providing module, named as its author knows it (the importer of a `forFeature` module). */
  moduleName: string;
  host: Module;
  /** The ModuleRef of the providing module: resolving through it honours that module's scope. */
  moduleRef: ModuleRef;
  methods: string[];
  /** `'request'` covers both `Scope.REQUEST` and a dependency tree that is request-scoped. */
  scope: 'singleton' | 'transient' | 'request';
  explicitRequestScope: boolean;
}

/**
 * Every provider, in every module, whose class carries `@Toolkit()` or has `@Tool` methods (on
 * the class or an ancestor), found through Nest's DiscoveryService and MetadataScanner. A
 * provider whose token is a toolkit class but whose value is not an instance of a toolkit (a test
 * double from `overrideProvider(...).useValue(...)`) stands for that class.
 *
 * @internal
 */
export function findToolkitCandidates(discovery: DiscoveryService, scanner: MetadataScanner, modules: ModulesContainer): ToolkitCandidate[] {
  const out: ToolkitCandidate[] = [];
  for (const wrapper of discovery.getProviders()) {
    if (wrapper.host === undefined || wrapper.host === null) continue;
    let cls = classOf(wrapper);
    let mocked = false;
    if (cls === undefined || !hasToolDefinitions(cls)) {
      const token = wrapper.token;
      if (typeof token !== 'function' || !hasToolDefinitions(token) || !isStandIn(wrapper)) continue;
      cls = token;
      mocked = true;
    }
    const methods = scanner.getAllMethodNames(cls.prototype).filter((m) => isToolMethod(cls!, m));
    if (methods.length === 0 && !hasToolkitDecorator(cls)) continue;
    const host = wrapper.host as Module;
    const moduleRef = host.providers.get(ModuleRef)?.instance as ModuleRef | undefined;
    if (moduleRef === undefined) continue;
    const explicitRequestScope = wrapper.scope === Scope.REQUEST;
    const scope = explicitRequestScope || !wrapper.isDependencyTreeStatic() ? 'request' : wrapper.isTransient ? 'transient' : 'singleton';
    out.push({
      wrapper,
      token: wrapper.token,
      toolkitClass: cls,
      mocked,
      name: toolkitNameOf(cls),
      moduleName: moduleName(host, modules),
      host,
      moduleRef,
      methods,
      scope,
      explicitRequestScope,
    });
  }
  return out;
}

/**
 * The class of a provider's instance: the metatype of a class provider, otherwise the
 * constructor of a value, or of a factory's result once it exists.
 */
function classOf(wrapper: InstanceWrapper): Function | undefined {
  if (!wrapper.isFactory && typeof wrapper.metatype === 'function' && wrapper.metatype.prototype) return wrapper.metatype;
  const ctor = (staticInstanceOf(wrapper) as { constructor?: unknown } | undefined)?.constructor;
  return typeof ctor === 'function' && ctor !== Object ? ctor : undefined;
}

/** Whether a provider's value is an object standing in for a class (a value or a factory's result). */
function isStandIn(wrapper: InstanceWrapper): boolean {
  return typeof staticInstanceOf(wrapper) === 'object';
}

function staticInstanceOf(wrapper: InstanceWrapper): object | undefined {
  const instance = wrapper.isDependencyTreeStatic() && !wrapper.isTransient ? (wrapper.instance as unknown) : undefined;
  return typeof instance === 'object' && instance !== null ? instance : undefined;
}

function toolkitNameOf(cls: Function): string {
  const storage = getMetadataStorage();
  for (const c of ancestryOf(cls)) {
    // The nearest @Toolkit decides, as it does for the toolkit's other options.
    const toolkit = storage.toolkitOf(c);
    if (toolkit !== undefined) return toolkit.options.name ?? cls.name;
  }
  return cls.name;
}
