import { UserError } from '../errors/user.error';
import { getMetadataStorage } from '../metadata/metadata-storage';
import type { ApprovalPredicate } from '../contracts/tool';
import { enhancerTarget, type ClassOrMethodDecorator } from './enhancer-target';

/**
 * Requires a human's approval before a tool runs: for every tool of a class, or for one method.
 * With a predicate, only the calls it answers `true` for. A method-level decorator beats a
 * class-level one; an explicit `@Tool({ needsApproval })` beats both.
 *
 * @example
 * @RequiresApproval<RefundArgs>((ctx, args) => args.amount > 500)   // args typed as the tool's DTO
 * @Tool()
 * refund(@Args() args: RefundArgs) { ... }
 */
export function RequiresApproval<TArgs = any, TContext = any>(predicate?: ApprovalPredicate<TContext, TArgs>): ClassOrMethodDecorator {
  return ((target: object, key?: string | symbol) => {
    const at = enhancerTarget('@RequiresApproval', target, key);
    if (predicate !== undefined && typeof predicate !== 'function') {
      throw new UserError(`${at.where}: the predicate must be a function (ctx, args, callId) => boolean.`);
    }
    getMetadataStorage().collectEnhancer({ kind: 'approval', target: at.target, method: at.method, predicate });
  }) as ClassOrMethodDecorator;
}
