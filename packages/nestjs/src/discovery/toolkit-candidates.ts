import { Scope, type InjectionToken } from '@nestjs/common';
import { ModuleRef, type DiscoveryService, type MetadataScanner } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import type { Module } from '@nestjs/core/injector/module';
import { getMetadataStorage } from '@toolwright/core';
import { ancestorsOf, hasToolkitDecorator, isToolMethod } from '../container/enhancer-classes';

/** A provider whose class is a toolkit, before its instance is resolved. @internal */
export interface ToolkitCandidate {
  wrapper: InstanceWrapper;
  token: InjectionToken;
  toolkitClass: Function;
  /** `@Toolkit({ name })` or the class name. */
  name: string;
  moduleName: string;
  /** The ModuleRef of the providing module: resolving through it honours that module's scope. */
  moduleRef: ModuleRef;
  methods: string[];
  /** `'request'` covers both `Scope.REQUEST` and a dependency tree that is request-scoped. */
  scope: 'singleton' | 'transient' | 'request';
  explicitRequestScope: boolean;
}

/**
 * Every provider, in every module, whose class carries `@Toolkit()` or has `@Tool` methods (on
 * the class or an ancestor), found through Nest's DiscoveryService and MetadataScanner.
 *
 * @internal
 */
export function findToolkitCandidates(discovery: DiscoveryService, scanner: MetadataScanner): ToolkitCandidate[] {
  const out: ToolkitCandidate[] = [];
  for (const wrapper of discovery.getProviders()) {
    const cls = classOf(wrapper);
    if (cls === undefined || wrapper.host === undefined || wrapper.host === null) continue;
    const methods = scanner.getAllMethodNames(cls.prototype).filter((m) => isToolMethod(cls, m));
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
      name: toolkitNameOf(cls),
      moduleName: host.metatype?.name ?? host.name,
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
  const instance = wrapper.isDependencyTreeStatic() && !wrapper.isTransient ? (wrapper.instance as unknown) : undefined;
  if (typeof instance !== 'object' || instance === null) return undefined;
  const ctor = (instance as { constructor?: unknown }).constructor;
  return typeof ctor === 'function' && ctor !== Object ? ctor : undefined;
}

function toolkitNameOf(cls: Function): string {
  const storage = getMetadataStorage();
  for (const c of ancestorsOf(cls)) {
    // The nearest @Toolkit decides, as it does for the toolkit's other options.
    const toolkit = storage.toolkitOf(c);
    if (toolkit !== undefined) return toolkit.options.name ?? cls.name;
  }
  return cls.name;
}
