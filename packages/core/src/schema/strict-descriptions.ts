/**
 * The sentences the strict rewrite appends to a description for keywords it leaves out of the
 * schema the model sees (see `STRICT_KEYWORD_RULES`). @internal
 */
export const describeKeyword = {
  minLength: (n: number): string => `At least ${n} character${n === 1 ? '' : 's'}.`,
  maxLength: (n: number): string => `At most ${n} character${n === 1 ? '' : 's'}.`,
  uniqueItems: (): string => 'Items must be unique.',
  pattern: (source: string): string => `Must match the regular expression /${source}/.`,
  format: (format: string): string => `Format: ${format}.`,
  oneOf: (): string => 'Must match exactly one of the alternatives.',
  default: (value: unknown): string => `Default: ${showValue(value)}.`,
  examples: (values: unknown[]): string => `Examples: ${values.slice(0, 3).map(showValue).join(', ')}.`,
  deprecated: (): string => 'Deprecated.',
  contentEncoding: (value: string): string => `Encoding: ${value}.`,
  contentMediaType: (value: string): string => `Media type: ${value}.`,
};

/** A description followed by sentences, with a full stop between them when the text lacks one. @internal */
export function appendSentences(description: unknown, sentences: readonly string[]): string {
  const text = typeof description === 'string' ? description.trim() : '';
  if (sentences.length === 0) return text;
  const joined = sentences.join(' ');
  if (text === '') return joined;
  return /[.!?:;]$/.test(text) ? `${text} ${joined}` : `${text}. ${joined}`;
}

/** A value as the model reads it: a plain word as it is, anything else as JSON, cut at 80 characters. */
function showValue(value: unknown): string {
  if (typeof value === 'string' && /^[\w.@:/+-]{1,80}$/.test(value)) return value;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Whether a `pattern` uses regular-expression features a model provider's strict mode does not
 * support: lookahead, lookbehind and backreferences. @internal
 */
export function patternNeedsLocalCheck(source: string): boolean {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1];
      if (!inClass && next !== undefined && (/[1-9]/.test(next) || (next === 'k' && source[i + 2] === '<'))) return true;
      i++;
    } else if (inClass) {
      if (ch === ']') inClass = false;
    } else if (ch === '[') {
      inClass = true;
    } else if (ch === '(' && source[i + 1] === '?') {
      const rest = source.slice(i + 2, i + 4);
      if (rest.startsWith('=') || rest.startsWith('!') || rest === '<=' || rest === '<!') return true;
    }
  }
  return false;
}
