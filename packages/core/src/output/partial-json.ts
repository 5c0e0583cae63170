/**
 * A tolerant parse of the beginning of a JSON text, for showing a structured answer while it
 * streams: open strings, arrays and objects are closed, a key without its value and a number or
 * literal cut short are left out. Bounded: nesting past `maxDepth` and keys `__proto__`,
 * `constructor` and `prototype` are dropped; the text is read once, without recursion on the
 * input's length. Returns `undefined` when nothing can be read yet (or the text is not JSON).
 */
export function parsePartialJson(text: string, maxDepth = 64): unknown {
  const parser = new PartialParser(text, maxDepth);
  try {
    parser.skipSpace();
    return parser.value(0);
  } catch {
    return undefined;
  }
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const INCOMPLETE = Symbol('incomplete');

class PartialParser {
  private i = 0;
  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  skipSpace(): void {
    const t = this.text;
    while (this.i < t.length && (t[this.i] === ' ' || t[this.i] === '\n' || t[this.i] === '\r' || t[this.i] === '\t')) this.i++;
  }

  /** A value, or `undefined` at the end of the text; throws on text that is not JSON. */
  value(depth: number): unknown {
    const v = this.read(depth);
    return v === INCOMPLETE ? undefined : v;
  }

  private read(depth: number): unknown {
    this.skipSpace();
    const c = this.text[this.i];
    if (c === undefined) return INCOMPLETE;
    if (c === '{' || c === '[') {
      if (depth >= this.maxDepth) throw new Error('too deep');
      return c === '{' ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (c === '"') return this.string().value;
    return this.scalar();
  }

  private object(depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.i++;
    for (;;) {
      this.skipSpace();
      const c = this.text[this.i];
      if (c === undefined) return out;
      if (c === '}') {
        this.i++;
        return out;
      }
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c !== '"') throw new Error('expected a key');
      const key = this.string();
      if (!key.complete) return out;
      this.skipSpace();
      if (this.text[this.i] === undefined) return out;
      if (this.text[this.i] !== ':') throw new Error('expected ":"');
      this.i++;
      const value = this.read(depth);
      if (value === INCOMPLETE) return out;
      if (!FORBIDDEN.has(key.value)) out[key.value] = value;
    }
  }

  private array(depth: number): unknown[] {
    const out: unknown[] = [];
    this.i++;
    for (;;) {
      this.skipSpace();
      const c = this.text[this.i];
      if (c === undefined) return out;
      if (c === ']') {
        this.i++;
        return out;
      }
      if (c === ',') {
        this.i++;
        continue;
      }
      const value = this.read(depth);
      if (value === INCOMPLETE) return out;
      out.push(value);
    }
  }

  private string(): { value: string; complete: boolean } {
    const t = this.text;
    const start = ++this.i;
    let escaped = false;
    for (; this.i < t.length; this.i++) {
      const c = t.charCodeAt(this.i);
      if (c === 0x5c) {
        escaped = true;
        this.i++;
      } else if (c === 0x22) {
        const body = t.slice(start, this.i++);
        return { value: escaped ? (JSON.parse(`"${body}"`) as string) : body, complete: true };
      }
    }
    // Cut short: what there is so far, without a dangling escape.
    let body = t.slice(start);
    const cut = body.lastIndexOf('\\');
    if (cut >= 0 && body.length - cut < (body[cut + 1] === 'u' ? 6 : 2)) body = body.slice(0, cut);
    let value: string;
    try {
      value = escaped ? (JSON.parse(`"${body}"`) as string) : body;
    } catch {
      value = body;
    }
    return { value, complete: false };
  }

  private scalar(): unknown {
    const t = this.text;
    const start = this.i;
    while (this.i < t.length && !',]} \n\r\t'.includes(t[this.i] as string)) this.i++;
    const token = t.slice(start, this.i);
    // A token that reaches the end of the text may still grow (`tr`, `12`, `1e`).
    if (this.i >= t.length) return INCOMPLETE;
    return JSON.parse(token) as unknown;
  }
}
