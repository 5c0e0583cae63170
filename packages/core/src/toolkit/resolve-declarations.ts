import type { EnhancerMetadata, ToolkitOptions, ToolMetadata } from '../metadata/metadata-definitions';
import { getMetadataStorage } from '../metadata/metadata-storage';
import { ancestryOf } from './class-ancestry';

/** One tool of a concrete class, after inheritance is applied. */
export interface ResolvedDeclaration {
  /** The nearest `@Tool` declaration of the method. */
  tool: ToolMetadata;
  /** The class that declares it (the concrete class or an ancestor). */
  declaringClass: Function;
  /** Class-level enhancers, root ancestor first; then method-level ones of the declaration and of nearer overrides. */
  enhancers: EnhancerMetadata[];
}

/** The tools of a concrete class, and its nearest toolkit options. */
export interface ResolvedToolkit {
  toolkit?: ToolkitOptions;
  declarations: ResolvedDeclaration[];
}

// Most tools have no enhancers: they share one frozen empty list (only ever read).
const NO_ENHANCERS = Object.freeze([]) as unknown as EnhancerMetadata[];

/**
 * Applies the inheritance rules: the nearest `@Tool` of a method wins whole; an undecorated
 * override keeps the inherited declaration (and the override runs, since tools call
 * `instance[method]`); `@HideTool` on a class drops the named inherited tools for it and its
 * subclasses unless a nearer class declares them again.
 */
export function resolveDeclarations(ctor: Function): ResolvedToolkit {
  const storage = getMetadataStorage();
  const chain = ancestryOf(ctor);
  const toolkit = chain.map((c) => storage.toolkitOf(c)).find((t) => t !== undefined)?.options;
  const decided = new Set<string>();
  const hidden = new Set<string>();
  const found: Array<{ tool: ToolMetadata; depth: number }> = [];
  chain.forEach((cls, depth) => {
    for (const h of storage.hiddenToolsOf(cls)) for (const name of h.names) hidden.add(name);
    for (const [method, tool] of storage.toolsOf(cls)) {
      if (decided.has(method)) continue;
      decided.add(method);
      if (hidden.has(method) || hidden.has(tool.name)) continue;
      found.push({ tool, depth });
    }
  });
  const classEnhancers = [...chain].reverse().flatMap((cls) => storage.enhancersOf(cls).filter((e) => e.method === undefined));
  // Most toolkits have no enhancer at all: then every tool shares the empty list.
  if (chain.every((cls) => storage.enhancersOf(cls).length === 0)) {
    return { toolkit, declarations: found.map(({ tool, depth }) => ({ tool, declaringClass: chain[depth], enhancers: NO_ENHANCERS })) };
  }
  const declarations = found.map(({ tool, depth }) => {
    // Method-level enhancers count from the declaring class and from nearer (undecorated) overrides.
    const methodEnhancers = chain
      .slice(0, depth + 1)
      .reverse()
      .flatMap((cls) => storage.enhancersOf(cls).filter((e) => e.method === tool.method));
    const enhancers = classEnhancers.length + methodEnhancers.length === 0 ? NO_ENHANCERS : [...classEnhancers, ...methodEnhancers];
    return { tool, declaringClass: chain[depth], enhancers };
  });
  return { toolkit, declarations };
}
