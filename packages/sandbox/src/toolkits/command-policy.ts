import { UserError } from '@toolwright/core';

/** The decision about one command. */
export type PolicyDecision = { allowed: true } | { allowed: false; reason: string };

/**
 * Allow and deny patterns for commands, checked on the trimmed command text: with allow patterns,
 * a command must match one; a deny match refuses it whatever allowed it (deny wins). Strings are
 * regular-expression sources (`'^git '`, `'\\brm\\s+-rf\\b'`).
 *
 * A policy on shell text steers a model; it is not a security boundary (`r''m`, `$(…)`, scripts
 * and aliases get around any pattern). The sandbox is the boundary.
 */
export class CommandPolicy {
  private readonly allow: RegExp[];
  private readonly deny: RegExp[];

  constructor(allow: ReadonlyArray<string | RegExp> = [], deny: ReadonlyArray<string | RegExp> = []) {
    this.allow = compile(allow, 'allow');
    this.deny = compile(deny, 'deny');
  }

  /** Whether `command` may run, and if not, the text the model is told. */
  check(command: string): PolicyDecision {
    const cmd = command.trim();
    if (this.allow.length > 0 && !this.allow.some((r) => r.test(cmd))) {
      return { allowed: false, reason: `command refused by policy (no allow pattern matches): ${cmd}` };
    }
    const denied = this.deny.find((r) => r.test(cmd));
    if (denied) return { allowed: false, reason: `command refused by policy (denied by pattern "${denied.source}"): ${cmd}` };
    return { allowed: true };
  }
}

function compile(patterns: ReadonlyArray<string | RegExp>, which: string): RegExp[] {
  if (!Array.isArray(patterns)) throw new UserError(`CodeToolkit: ${which} must be an array of strings or RegExps.`);
  return patterns.map((pattern) => {
    // The stateful flags would make test() depend on the previous call.
    if (pattern instanceof RegExp) return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
    if (typeof pattern !== 'string') throw new UserError(`CodeToolkit: ${which} patterns must be strings or RegExps (got ${typeof pattern}).`);
    try {
      return new RegExp(pattern);
    } catch (error) {
      throw new UserError(`CodeToolkit: the ${which} pattern ${JSON.stringify(pattern)} is not a valid regular expression (${(error as Error).message}).`);
    }
  });
}
