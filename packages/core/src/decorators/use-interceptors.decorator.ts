import { UserError } from '../errors/user.error';
import type { InterceptorEntry } from '../metadata/metadata-definitions';
import { getMetadataStorage } from '../metadata/metadata-storage';
import { enhancerTarget, type ClassOrMethodDecorator } from './enhancer-target';

/**
 * Attaches interceptors to every tool of a class, or to one tool method. Entries are objects
 * with `intercept(invocation, next)` or classes implementing it, instantiated once per `toolsOf`
 * (or resolved by the DI container). Class-level interceptors wrap method-level ones.
 */
export function UseInterceptors(...interceptors: InterceptorEntry[]): ClassOrMethodDecorator {
  return ((target: object, key?: string | symbol) => {
    const at = enhancerTarget('@UseInterceptors', target, key);
    interceptors.forEach((i, index) => {
      const valid = typeof i === 'function' || (typeof i === 'object' && i !== null && typeof i.intercept === 'function');
      if (!valid) {
        throw new UserError(`${at.where}: entry #${index} is not an interceptor. Fix: pass objects with an intercept(invocation, next) method, or interceptor classes.`);
      }
    });
    getMetadataStorage().collectEnhancer({ kind: 'interceptors', target: at.target, method: at.method, entries: [...interceptors] });
  }) as ClassOrMethodDecorator;
}
