import type { ArgumentViolation } from '../errors/tool-arguments.error';
import { pointer } from '../schema/json-pointer';
import { FORBIDDEN_ARGUMENT_KEYS } from './forbidden-keys';

/** What a scan of parsed arguments looks for. @internal */
export interface ArgumentScan {
  /** `__proto__`, `constructor` and `prototype` keys, at any depth. */
  forbiddenKeys: boolean;
  /** Numbers that parsed to `Infinity` or `-Infinity` (JSON such as `1e400`). */
  nonFiniteNumbers: boolean;
}

/** The violations a scan found (at most `keep` of them) and how many there were in all. @internal */
export interface ArgumentScanResult {
  violations: ArgumentViolation[];
  total: number;
}

/**
 * Walks a parsed JSON value without recursion (an explicit stack, children in document order)
 * and reports forbidden keys and non-finite numbers with their JSON pointers. @internal
 */
export function scanArguments(value: unknown, what: ArgumentScan, keep: number): ArgumentScanResult {
  const result: ArgumentScanResult = { violations: [], total: 0 };
  const report = (path: string, message: string): void => {
    result.total++;
    if (result.violations.length < keep) result.violations.push({ path, message });
  };
  const check = (child: unknown, path: () => string): boolean => {
    if (typeof child === 'number') {
      if (what.nonFiniteNumbers && !Number.isFinite(child)) {
        report(path(), `is a number too large to represent (it overflows to ${child}); send a finite number`);
      }
      return false;
    }
    return typeof child === 'object' && child !== null;
  };
  const stack: Array<{ node: object; path: string }> = [];
  if (check(value, () => '')) stack.push({ node: value as object, path: '' });
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    const children: Array<{ node: object; path: string }> = [];
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        if (check(node[i], () => pointer(path, i))) children.push({ node: node[i] as object, path: pointer(path, i) });
      }
    } else {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (what.forbiddenKeys && FORBIDDEN_ARGUMENT_KEYS.has(key)) {
          report(pointer(path, key), `the key "${key}" is not allowed in tool arguments; remove it`);
          continue;
        }
        const child = record[key];
        if (check(child, () => pointer(path, key))) children.push({ node: child as object, path: pointer(path, key) });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return result;
}
