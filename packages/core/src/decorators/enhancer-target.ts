import { UserError } from '../errors/user.error';
import { assertLegacyDecorator, describeClass, describeMethod } from './decorator-environment';

/** Where a class-or-method decorator was applied. */
export interface EnhancerTarget {
  target: Function;
  /** Absent for a class-level decorator. */
  method?: string;
  where: string;
}

/** Normalises the arguments of a decorator usable on a class and on a method. */
export function enhancerTarget(label: string, target: object, key: string | symbol | undefined): EnhancerTarget {
  assertLegacyDecorator(label, key);
  if (key === undefined) {
    const ctor = target as Function;
    return { target: ctor, where: `${label} on ${describeClass(ctor)}` };
  }
  const where = `${label} on ${describeMethod(target, key)}`;
  if (typeof key === 'symbol') throw new UserError(`${where}: tool methods need string names.`);
  if (typeof target === 'function') throw new UserError(`${where}: tools are instance methods. Fix: remove "static".`);
  return { target: (target as { constructor: Function }).constructor, method: key, where };
}

/** A decorator usable on a class and on a method. */
export type ClassOrMethodDecorator = ClassDecorator & MethodDecorator;
