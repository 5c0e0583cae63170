import type { ModuleRef, ModulesContainer } from '@nestjs/core';
import { ModuleRef as ModuleRefToken } from '@nestjs/core';
import type { Module } from '@nestjs/core/injector/module';
import { ToolwrightFeatureModule } from './toolwright-feature.module';

/**
 * The name of a module as its author knows it. A `ToolwrightModule.forFeature(...)` module is
 * named after the modules that import it (`ChatModule`), not after its class. @internal
 */
export function moduleName(host: Module, modules: ModulesContainer): string {
  const own = host.metatype?.name ?? host.name;
  if (host.metatype !== ToolwrightFeatureModule) return own;
  const importers = [...modules.values()].filter((m) => m !== host && m.imports.has(host)).map((m) => m.metatype?.name ?? m.name);
  return importers.length > 0 ? importers.join(', ') : own;
}

/** The module a `ModuleRef` belongs to. @internal */
export function moduleOf(moduleRef: ModuleRef, modules: ModulesContainer): Module | undefined {
  for (const m of modules.values()) if (m.providers.get(ModuleRefToken)?.instance === moduleRef) return m;
  return undefined;
}
