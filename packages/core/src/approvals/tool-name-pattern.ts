import { UserError } from '../errors/user.error';

/** Which tool names a policy covers: a glob (`delete_*`, `*`), a RegExp, a list of these, or a function. */
export type ToolNamePattern = string | RegExp | ReadonlyArray<string | RegExp> | ((toolName: string) => boolean);

/** A predicate over tool names for `pattern`; throws `UserError` naming `where` for a bad pattern. @internal */
export function toolNameMatcher(pattern: ToolNamePattern, where = 'requireApprovalFor'): (name: string) => boolean {
  if (typeof pattern === 'function') return pattern;
  const parts = typeof pattern === 'string' || pattern instanceof RegExp ? [pattern] : pattern;
  if (!Array.isArray(parts) || parts.length === 0) {
    throw new UserError(`${where}(pattern) needs a glob such as "delete_*", a RegExp, a non-empty list of these, or a (toolName) => boolean function.`);
  }
  const regexps = parts.map((p) => {
    if (p instanceof RegExp) return new RegExp(p.source, p.flags.replace(/[gy]/g, ''));
    if (typeof p === 'string') return globToRegExp(p);
    throw new UserError(`${where}: ${String(p)} is neither a glob string nor a RegExp.`);
  });
  return (name) => regexps.some((r) => r.test(name));
}

function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

/** A pattern as text, for policy names. @internal */
export function describePattern(pattern: ToolNamePattern): string {
  if (typeof pattern === 'function') return pattern.name || 'predicate';
  if (typeof pattern === 'string' || pattern instanceof RegExp) return String(pattern);
  return pattern.map(String).join(', ');
}
