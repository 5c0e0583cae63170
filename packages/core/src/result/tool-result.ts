import { errorMessage } from '../errors/error-message';
import { echo } from '../limits/bounded-text';
import { TOOLWRIGHT_LIMITS } from '../limits/limits';
import { Content, isContentPart, type ContentPart } from './content';
import type { Usage } from './usage';
import type { AgentRef as Agent } from '../contracts/class-refs';
import { brand } from '../util/brand';

/** How a UI may render a result. Never sent to the model. */
export type DisplayHint = 'diff' | 'terminal' | 'table' | 'json' | 'markdown' | (string & {});

/**
 * What a tool call produced. `content` goes to the model; everything else is for the runner,
 * UIs and logs. Builders return a new `ToolResult`, so a result can be shared and refined.
 *
 * @example
 * return ToolResult.text('3 rows deleted').withDetails({ ids }).withDisplay('table');
 */
export class ToolResult {
  static {
    brand(this, 'ToolResult');
  }

  /** Content parts sent to the model as the call's output. */
  content: ContentPart[];
  /** Structured data for UIs and logs. Never sent to the model; must survive a JSON round-trip. */
  details?: Record<string, unknown>;
  /** How a UI may render the result. Never sent to the model. */
  display?: DisplayHint;
  /** A short heading for UIs and logs. Never sent to the model. */
  title?: string;
  /** A one-line summary for UIs and logs. Never sent to the model. */
  summary?: string;
  /** Model usage the tool spent itself (for example a nested agent); counted in the run's total. */
  usage?: Partial<Usage>;
  /** Ask the run to stop after this batch. Honoured only when every call of the batch asks. */
  terminate?: boolean;
  /** The output describes a failure. */
  isError?: boolean;
  /** Names of deferred tools to offer from the next model call on. */
  addedTools?: string[];
  /**
   * Hands the run to this agent after the batch, as a handoff tool would: set by
   * {@link ToolResult.handoff}. Never sent to the model.
   */
  handoffTo?: Agent<any>;

  constructor(content: ContentPart[] = [], fields?: Partial<Omit<ToolResult, 'content'>>) {
    this.content = content;
    // Most results (every tool returning text) have no fields: nothing to copy.
    if (fields !== undefined) Object.assign(this, stripUndefined(fields));
  }

  /** A result holding one text part. */
  static text(text: string): ToolResult {
    return new ToolResult([Content.text(text)]);
  }

  /** A result holding the given content parts. */
  static of(content: ContentPart | ContentPart[]): ToolResult {
    return new ToolResult(Array.isArray(content) ? [...content] : [content]);
  }

  /** A failed result: the text goes to the model, `isError` is set. */
  static error(text: string): ToolResult {
    return ToolResult.text(text).asError();
  }

  /**
   * A result that hands the run to `agent` after this batch: `output` (text, a value, content
   * parts or a `ToolResult`) becomes the call's output, and the next turn belongs to `agent`
   * (its `onHandoff` hook fires, and `agent_changed` is emitted). If several calls of a batch hand
   * off, the first in call order wins. A run state saved later must be loaded with `agent` among
   * its agents (`RunState.fromString([start, agent], json)`) unless a `handoffs` list reaches it.
   *
   * @example
   * return ToolResult.handoff(billingAgent, `Escalated order ${orderId} to billing.`);
   */
  static handoff(agent: Agent<any>, output: unknown = ''): ToolResult {
    const result = output instanceof ToolResult ? output : toToolResult(output);
    return result.copy({ handoffTo: agent });
  }

  /** A copy with `details` set (plain JSON data for UIs and logs). */
  withDetails(details: Record<string, unknown>): ToolResult {
    return this.copy({ details });
  }
  /** A copy with a `display` hint. */
  withDisplay(display: DisplayHint): ToolResult {
    return this.copy({ display });
  }
  /** A copy with a `title`. */
  withTitle(title: string): ToolResult {
    return this.copy({ title });
  }
  /** A copy with a `summary`. */
  withSummary(summary: string): ToolResult {
    return this.copy({ summary });
  }
  /** A copy reporting the model usage the tool spent itself. */
  withUsage(usage: Partial<Usage>): ToolResult {
    return this.copy({ usage });
  }
  /** A copy that discloses the named deferred tools from the next model call on. */
  withAddedTools(names: string[]): ToolResult {
    return this.copy({ addedTools: [...names] });
  }
  /** A copy asking the run to stop after this batch (`terminate`). */
  asTerminal(): ToolResult {
    return this.copy({ terminate: true });
  }
  /** A copy marked as a failure (`isError`). */
  asError(): ToolResult {
    return this.copy({ isError: true });
  }

  /** The text parts joined, as a plain string. */
  get text(): string {
    const content = this.content;
    // The common result is one text part: no intermediate arrays.
    if (content.length === 1) {
      const part = content[0]!;
      if (part.type !== 'input_text') return '';
      if (typeof part.text === 'string') return part.text;
    }
    return content
      .filter((p): p is Extract<ContentPart, { type: 'input_text' }> => p.type === 'input_text')
      .map((p) => p.text)
      .join('');
  }

  /** Whether every part is text, so the output can be sent as a plain string. */
  get isTextOnly(): boolean {
    const content = this.content;
    for (let i = 0; i < content.length; i++) {
      const part = content[i];
      if (part !== undefined && part.type !== 'input_text') return false;
    }
    return true;
  }

  private copy(fields: Partial<Omit<ToolResult, 'content'>>): ToolResult {
    const { content, ...rest } = this;
    return new ToolResult([...content], { ...rest, ...fields });
  }
}

/**
 * Wraps whatever a tool returned into a `ToolResult`: a `ToolResult` as is, a string as text,
 * content parts as content, `undefined`/`null` as empty text, anything else as JSON text.
 *
 * @throws TypeError for a value that has no JSON text: a function or a symbol (never sent as
 *   source text), a BigInt, a circular structure, a `toJSON` that throws or returns nothing.
 *   The runner converts inside the call's error handling, so the model gets the error text.
 */
export function toToolResult(value: unknown): ToolResult {
  if (value instanceof ToolResult) return value;
  if (typeof value === 'string') return ToolResult.text(value);
  if (value === undefined || value === null) return ToolResult.text('');
  if (typeof value === 'function' || typeof value === 'symbol') {
    throw new TypeError(`the tool returned a ${typeof value}, which is not a tool output; return text, a JSON value, content parts or a ToolResult`);
  }
  if (isContentPart(value)) return ToolResult.of(value);
  if (Array.isArray(value) && value.length > 0 && value.every(isContentPart)) return ToolResult.of(value);
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`the tool's return value cannot be turned into JSON text (${echo(errorMessage(error), 200)})`, { cause: error });
  }
  if (json === undefined) throw new TypeError('the tool returned a value whose JSON form is empty (a toJSON that returns nothing); return text or a JSON value');
  return ToolResult.text(json);
}

/** The model-facing output of a result: a string when it is text only, else the content list. */
export function toModelOutput(result: ToolResult): string | ContentPart[] {
  return result.isTextOnly ? result.text : result.content;
}

/**
 * Checks that `details` survive `JSON.stringify` → `JSON.parse` unchanged (no functions, class
 * instances, cycles, `undefined`, `NaN`, `Date`s, ...). Returns a description of the first
 * problem, or `undefined` when the details are plain JSON.
 */
export function detailsRoundTripProblem(details: unknown): string | undefined {
  try {
    return findProblem(details, 'details', new Set(), 0);
  } catch (error) {
    // A getter or Proxy trap that throws is a problem of the details, not of the run.
    return `details cannot be read (${echo(errorMessage(error), 200)})`;
  }
}

// Details are stored in the run state; nesting past this is refused rather than walked.
const MAX_DETAILS_DEPTH = 2 * TOOLWRIGHT_LIMITS.maxArgumentDepth;

function findProblem(value: unknown, path: string, seen: Set<object>, depth: number): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (depth > MAX_DETAILS_DEPTH) return `${echo(path, 200)} nests deeper than ${MAX_DETAILS_DEPTH} levels`;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path} is ${value}, which JSON turns into null`;
  if (typeof value !== 'object') return `${path} is a ${typeof value}, which JSON cannot carry`;
  if (seen.has(value)) return `${path} is a circular reference`;
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
    const name = (value as object).constructor?.name ?? 'object';
    return `${path} is an instance of ${name}, which JSON turns into a plain object or string`;
  }
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const p = value[i] === undefined ? `${path}[${i}] is undefined, which JSON turns into null` : findProblem(value[i], `${path}[${i}]`, seen, depth + 1);
        if (p) return p;
      }
      return undefined;
    }
    for (const [key, child] of Object.entries(value)) {
      const p = child === undefined ? `${path}.${key} is undefined, which JSON drops` : findProblem(child, `${path}.${key}`, seen, depth + 1);
      if (p) return p;
    }
    return undefined;
  } finally {
    seen.delete(value);
  }
}

function stripUndefined<T extends object>(fields: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k of Object.keys(fields)) {
    const v = (fields as Record<string, unknown>)[k];
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

// Completes `ToolResultRef` (contracts/class-refs.ts): contracts that name a result mean this class.
declare module '../contracts/class-refs' {
  interface ToolResultRef extends ToolResult {
    readonly text: string;
  }
}
