import { assertLegacyDecorator } from './decorator-environment';
import { assertToolMember, describeClass, describeMethod } from './decorated-member';

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
  assertToolMember(label, target, key);
  const where = `${label} on ${describeMethod(target, key)}`;
  return { target: (target as { constructor: Function }).constructor, method: key, where };
}

/** A decorator usable on a class and on a method. */
export type ClassOrMethodDecorator = ClassDecorator & MethodDecorator;
