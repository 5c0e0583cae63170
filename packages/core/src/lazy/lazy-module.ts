/**
 * Defers loading a module until the first call of the returned function, then hands back the
 * same exports on every later call. Keeping `require('name')` inside the caller's `load`
 * function (rather than passing a name) leaves the dependency visible to bundlers and to
 * `jest.doMock`, and `typeof import('name')` keeps the full types without loading anything.
 *
 * A failed load is not remembered: the next call tries again and throws the loader's own error.
 *
 * @example
 * const loadAjv = lazyModule(() => require('ajv') as typeof import('ajv'));
 * const Ajv = loadAjv().default; // ajv is read from disk here, not at import
 *
 * @internal
 */
export function lazyModule<T>(load: () => T): () => T {
  let loaded = false;
  let exports: T;
  return () => {
    if (!loaded) {
      exports = load();
      loaded = true;
    }
    return exports;
  };
}
