import { UserError } from '../errors/user.error';
import type { GuardrailEntry } from '../metadata/metadata-definitions';
import { getMetadataStorage } from '../metadata/metadata-storage';
import { enhancerTarget, type ClassOrMethodDecorator } from './enhancer-target';

/**
 * Attaches tool guardrails to every tool of a class, or to one tool method. Entries are guardrail
 * objects (`defineToolInputGuardrail` / `defineToolOutputGuardrail`) or classes implementing one,
 * instantiated once per `toolsOf` (or resolved by the DI container). Class-level guardrails run
 * before method-level ones.
 */
export function UseGuardrails(...guardrails: GuardrailEntry[]): ClassOrMethodDecorator {
  return ((target: object, key?: string | symbol) => {
    const at = enhancerTarget('@UseGuardrails', target, key);
    guardrails.forEach((g, i) => {
      const valid = typeof g === 'function' || (typeof g === 'object' && g !== null && (g.kind === 'input' || g.kind === 'output') && typeof g.check === 'function');
      if (!valid) {
        throw new UserError(`${at.where}: entry #${i} is not a tool guardrail. Fix: pass defineToolInputGuardrail(...) / defineToolOutputGuardrail(...) results or guardrail classes.`);
      }
    });
    getMetadataStorage().collectEnhancer({ kind: 'guardrails', target: at.target, method: at.method, entries: [...guardrails] });
  }) as ClassOrMethodDecorator;
}
