const cache = new WeakMap<Function, readonly Function[]>();

/**
 * A class followed by its ancestors, nearest first, without `Object`. Walked once per class and
 * cached.
 */
export function ancestryOf(ctor: Function): readonly Function[] {
  let chain = cache.get(ctor);
  if (chain === undefined) {
    const list: Function[] = [];
    let current: unknown = ctor;
    while (typeof current === 'function' && current !== Object && current !== Function.prototype) {
      list.push(current);
      current = Object.getPrototypeOf(current);
    }
    chain = Object.freeze(list);
    cache.set(ctor, chain);
  }
  return chain;
}
