import { getMetadataStorage, type Type } from '@toolwright/core';

/**
 * The guardrail and interceptor classes named by `@UseGuardrails(...)` / `@UseInterceptors(...)`
 * on a toolkit class, its ancestors and their methods, each once, in declaration order.
 *
 * @internal
 */
export function enhancerClassesOf(toolkitClass: Function): Type[] {
  const storage = getMetadataStorage();
  const found = new Set<Type>();
  for (let cls: unknown = toolkitClass; typeof cls === 'function' && cls !== Object && cls !== Function.prototype; cls = Object.getPrototypeOf(cls)) {
    for (const enhancer of storage.enhancersOf(cls as Function)) {
      if (enhancer.kind === 'approval') continue;
      for (const entry of enhancer.entries) if (typeof entry === 'function') found.add(entry as Type);
    }
  }
  return [...found];
}

/** Whether a class (or an ancestor) carries `@Toolkit()`. @internal */
export function hasToolkitDecorator(cls: Function): boolean {
  const storage = getMetadataStorage();
  for (let c: unknown = cls; typeof c === 'function' && c !== Object && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    if (storage.toolkitOf(c as Function) !== undefined) return true;
  }
  return false;
}

/** Whether `method` is declared with `@Tool` on `cls` or one of its ancestors. @internal */
export function isToolMethod(cls: Function, method: string): boolean {
  const storage = getMetadataStorage();
  for (let c: unknown = cls; typeof c === 'function' && c !== Object && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    if (storage.toolsOf(c as Function).has(method)) return true;
  }
  return false;
}
