import { UserError } from '../errors/user.error';

/**
 * The declared parameter names of a function, read from its source text (for error messages;
 * `undefined` entries where a name cannot be read, e.g. destructured parameters).
 */
export function parameterNamesOf(fn: unknown): Array<string | undefined> {
  if (typeof fn !== 'function') return [];
  const source = Function.prototype.toString.call(fn);
  const open = source.indexOf('(');
  if (open < 0) return [];
  const names: Array<string | undefined> = [];
  let depth = 0;
  let current = '';
  for (let i = open + 1; i < source.length; i++) {
    const ch = source[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (depth === 0) break;
      depth--;
    }
    if (ch === ',' && depth === 0) {
      names.push(nameOf(current));
      current = '';
    } else {
      current += ch;
    }
  }
  if (current.trim() !== '') names.push(nameOf(current));
  return names;
}

function nameOf(text: string): string | undefined {
  const match = /^\s*(?:\.\.\.)?([A-Za-z_$][\w$]*)/.exec(text);
  return match ? match[1] : undefined;
}

/** `#1 (units)` or `#1` when the name is unknown. */
export function describeParameter(index: number, names: ReadonlyArray<string | undefined>): string {
  const name = names[index];
  return name ? `#${index} (${name})` : `#${index}`;
}

/** A class's name for messages, or `<anonymous class>`. */
export function describeClass(ctor: Function | undefined): string {
  return ctor?.name || '<anonymous class>';
}

/** `WeatherTools.getWeather` for a prototype (or constructor) and a method name. */
export function describeMethod(target: object, method: string | symbol): string {
  const ctor = typeof target === 'function' ? target : (target as { constructor?: Function }).constructor;
  return `${describeClass(ctor)}.${String(method)}`;
}

/**
 * Throws `UserError` unless a method or parameter decorator sits on an instance method with a
 * string name (tools are bound to instances by `toolsOf` and named by their method). The one
 * symbol/static check of the decorators.
 */
export function assertToolMember(label: string, target: object, key: string | symbol): asserts key is string {
  // The method's description is built only for a message: decorators run thousands of times.
  if (typeof key === 'symbol') {
    throw new UserError(`${label} on ${describeMethod(target, key)}: a tool method needs a string name, not a symbol. Fix: use a named method.`);
  }
  if (typeof target === 'function') {
    throw new UserError(`${label} on static method ${describeMethod(target, key)}: tools are instance methods (they are bound to an instance by toolsOf). Fix: remove "static".`);
  }
}
