import { TOOLWRIGHT_LIMITS } from '../limits/limits';

type Task = { value: unknown; depth: number } | string;

/**
 * The canonical JSON text of a JSON value: object keys sorted (by UTF-16 code units) at every
 * level, no whitespace, `undefined` properties left out (they mean "absent"). Two values get the
 * same text only when they are the same JSON data: `-0` is written `-0` (distinct from `0`), and
 * anything JSON cannot carry exactly (±Infinity, NaN, functions, symbols, bigints, class
 * instances, `undefined` array elements, nesting deeper than twice `maxArgumentDepth`) is
 * refused with a `TypeError` instead of being written like something else. The walk is
 * iterative. @internal
 */
export function canonicalJson(value: unknown): string {
  const maxDepth = 2 * TOOLWRIGHT_LIMITS.maxArgumentDepth;
  const out: string[] = [];
  const stack: Task[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const task = stack.pop()!;
    if (typeof task === 'string') {
      out.push(task);
      continue;
    }
    const { value: v, depth } = task;
    if (v === null || typeof v === 'boolean') out.push(String(v));
    else if (typeof v === 'string') out.push(JSON.stringify(v));
    else if (typeof v === 'number') out.push(numberText(v));
    else if (typeof v !== 'object') throw new TypeError(`canonicalJson: a ${typeof v} is not JSON data`);
    else if (depth >= maxDepth) throw new TypeError(`canonicalJson: the value nests deeper than ${maxDepth} levels`);
    else if (Array.isArray(v)) pushArray(stack, v, depth + 1);
    else pushObject(stack, v as Record<string, unknown>, depth + 1);
  }
  return out.join('');
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new TypeError(`canonicalJson: ${n} is not JSON data`);
  return Object.is(n, -0) ? '-0' : JSON.stringify(n);
}

function pushArray(stack: Task[], array: readonly unknown[], depth: number): void {
  stack.push(']');
  for (let i = array.length - 1; i >= 0; i--) {
    if (array[i] === undefined) throw new TypeError('canonicalJson: an array holds undefined, which is not JSON data');
    stack.push({ value: array[i], depth });
    if (i > 0) stack.push(',');
  }
  stack.push('[');
}

function pushObject(stack: Task[], record: Record<string, unknown>, depth: number): void {
  const proto = Object.getPrototypeOf(record);
  if (proto !== Object.prototype && proto !== null) throw new TypeError('canonicalJson: a class instance is not JSON data');
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  stack.push('}');
  for (let i = keys.length - 1; i >= 0; i--) {
    stack.push({ value: record[keys[i]!], depth });
    stack.push(`${JSON.stringify(keys[i])}:`);
    if (i > 0) stack.push(',');
  }
  stack.push('{');
}
