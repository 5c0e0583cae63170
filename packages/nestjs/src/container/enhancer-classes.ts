import type { Type } from '@toolwright/core';
import { ancestryOf, getMetadataStorage } from '@toolwright/core/internal';

/**
 * The guardrail and interceptor classes named by `@UseGuardrails(...)` / `@UseInterceptors(...)`
 * of `@toolwright/core` on a toolkit class, its ancestors and their methods, each once, in
 * declaration order.
 *
 * @internal
 */
export function enhancerClassesOf(toolkitClass: Function): Type[] {
  const storage = getMetadataStorage();
  const found = new Set<Type>();
  for (const cls of ancestryOf(toolkitClass)) {
    for (const enhancer of storage.enhancersOf(cls)) {
      if (enhancer.kind === 'approval' || enhancer.kind === 'rate-limit') continue;
      for (const entry of enhancer.entries) if (typeof entry === 'function') found.add(entry as Type);
    }
  }
  return [...found];
}

/** Whether a class (or an ancestor) carries `@Toolkit()`. @internal */
export function hasToolkitDecorator(cls: Function): boolean {
  const storage = getMetadataStorage();
  for (const c of ancestryOf(cls)) if (storage.toolkitOf(c) !== undefined) return true;
  return false;
}

/** Whether a class (or an ancestor) has `@Toolkit()` or `@Tool` methods. @internal */
export function hasToolDefinitions(cls: Function): boolean {
  const storage = getMetadataStorage();
  for (const c of ancestryOf(cls)) if (storage.hasDefinitions(c)) return true;
  return false;
}

/** Whether `method` is declared with `@Tool` on `cls` or one of its ancestors. @internal */
export function isToolMethod(cls: Function, method: string): boolean {
  const storage = getMetadataStorage();
  for (const c of ancestryOf(cls)) if (storage.toolsOf(c).has(method)) return true;
  return false;
}
