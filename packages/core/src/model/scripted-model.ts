import { ModelError } from '../errors/model.error';
import type { FunctionCallItem, Item, MessageItem } from '../items/item';
import type { Usage } from '../result/usage';
import type { Model, ModelRequest, ModelResponse, ModelStreamEvent } from '../contracts/model';
import { delay } from '../util/delay';
import { isThenable } from '../util/is-thenable';

/** One scripted model turn: some text, some tool calls, or both. */
export interface ScriptedTurn {
  /** The assistant message of the turn. */
  text?: string;
  /**
   * A structured answer (for an agent with an `outputType`): sent as the assistant message's JSON
   * text (a string is sent verbatim, so invalid answers can be scripted too). Replaces `text`.
   */
  output?: unknown;
  /** The model refuses to answer (the run fails with `ModelRefusalError` carrying this text). */
  refusal?: string;
  /** Tool calls, in order. Object arguments are sent as JSON; strings are sent verbatim. */
  toolCalls?: Array<{ name: string; arguments?: object | string; callId?: string }>;
  /** The usage the turn reports. */
  usage?: Partial<Usage>;
  /** `incomplete` simulates a response the provider cut short. */
  status?: 'completed' | 'incomplete';
  incompleteReason?: string;
  /** Wait this long before answering (aborted by the request's signal); for demos and timing tests. */
  delayMs?: number;
  /** When streamed, wait this long between text deltas (aborted by the signal); for demos. */
  deltaDelayMs?: number;
}

/** A scripted turn, or a function of the request that produces one. */
export type ScriptedStep = ScriptedTurn | ((request: ModelRequest) => ScriptedTurn | Promise<ScriptedTurn>);

/** The whole script: a list of steps, or one function of the request and the turn index (0-based). */
export type Script = ScriptedStep[] | ((request: ModelRequest, turn: number) => ScriptedTurn | Promise<ScriptedTurn>);

/**
 * A model that replays a script, for tests and demos. It records every request it receives in
 * `requests`, so a test can assert on what the model was shown. Call ids are generated when the
 * script leaves them out (`call_1`, `call_2`, ... unique per model instance).
 *
 * @example
 * const model = new ScriptedModel([
 *   { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] },
 *   { text: 'It is sunny in Oslo.' },
 * ]);
 */
export class ScriptedModel implements Model {
  /** Every request received, in order. `input` is a snapshot of the history as it was sent. */
  readonly requests: ModelRequest[] = [];
  private nextCallNumber = 1;

  constructor(private readonly script: Script) {
    if (!Array.isArray(script) && typeof script !== 'function') {
      throw new TypeError('ScriptedModel needs an array of scripted turns or a function (request, turn) => turn.');
    }
  }

  /** Records the request and answers with the next scripted turn. */
  respond(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse> {
    // A scripted turn given as a value (no delay, no async step) is answered without awaiting.
    try {
      const turn = this.nextTurn(request, signal);
      return isThenable(turn) ? Promise.resolve(turn).then((t) => this.toResponse(t)) : Promise.resolve(this.toResponse(turn));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Records the request and streams the next scripted turn: its text in deltas, then `completed`. */
  async *stream(request: ModelRequest, signal?: AbortSignal): AsyncIterable<ModelStreamEvent> {
    const turn = await this.nextTurn(request, signal);
    const text = textOf(turn);
    if (text) {
      for (const delta of splitIntoDeltas(text)) {
        if (turn.deltaDelayMs && turn.deltaDelayMs > 0) await delay(turn.deltaDelayMs, signal);
        yield { type: 'text_delta', delta };
      }
    }
    yield { type: 'completed', response: this.toResponse(turn) };
  }

  private nextTurn(request: ModelRequest, signal?: AbortSignal): ScriptedTurn | Promise<ScriptedTurn> {
    const index = this.requests.length;
    this.requests.push(new RecordedRequest(request));
    signal?.throwIfAborted();
    const turn = this.scriptedTurn(request, index);
    if (isThenable(turn)) return Promise.resolve(turn).then((t) => delayed(t, signal));
    return turn.delayMs && turn.delayMs > 0 ? delayed(turn, signal) : turn;
  }

  private scriptedTurn(request: ModelRequest, index: number): ScriptedTurn | Promise<ScriptedTurn> {
    if (typeof this.script === 'function') return this.script(request, index);
    const step = this.script[index];
    if (step === undefined) {
      throw new ModelError(
        `ScriptedModel has no turn ${index + 1} scripted (the script has ${this.script.length}). ` +
          'Add a turn, or end the script with a turn that has only `text` so the run can finish.',
      );
    }
    return typeof step === 'function' ? step(request) : step;
  }

  private toResponse(turn: ScriptedTurn): ModelResponse {
    const output: Item[] = [];
    const text = textOf(turn);
    if (turn.refusal !== undefined) output.push({ type: 'message', role: 'assistant', content: turn.refusal, refusal: turn.refusal } satisfies MessageItem);
    else if (text !== undefined) output.push({ type: 'message', role: 'assistant', content: text } satisfies MessageItem);
    for (const call of turn.toolCalls ?? []) {
      output.push({
        type: 'function_call',
        callId: call.callId ?? `call_${this.nextCallNumber++}`,
        name: call.name,
        arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
      } satisfies FunctionCallItem);
    }
    const response: ModelResponse = { output, status: turn.status ?? 'completed' };
    if (turn.usage) response.usage = { ...turn.usage };
    if (turn.incompleteReason !== undefined) response.incompleteReason = turn.incompleteReason;
    return response;
  }
}

/**
 * A recorded request that does not copy the history when recorded: the runner only appends to
 * the history, so the first `length` items are what the model was shown; they are copied on
 * first access of `input`.
 */
class RecordedRequest implements ModelRequest {
  instructions?: string;
  tools: ModelRequest['tools'];
  parallelToolCalls?: boolean;
  toolChoice?: ModelRequest['toolChoice'];
  settings: ModelRequest['settings'];
  outputFormat?: ModelRequest['outputFormat'];
  private readonly live: Item[];
  private readonly length: number;
  private copy?: Item[];

  constructor(request: ModelRequest) {
    if (request.instructions !== undefined) this.instructions = request.instructions;
    this.tools = request.tools;
    if (request.parallelToolCalls !== undefined) this.parallelToolCalls = request.parallelToolCalls;
    if (request.toolChoice !== undefined) this.toolChoice = request.toolChoice;
    this.settings = request.settings;
    if (request.outputFormat !== undefined) this.outputFormat = request.outputFormat;
    this.live = request.input;
    this.length = request.input.length;
  }

  get input(): Item[] {
    return (this.copy ??= this.live.slice(0, this.length));
  }

  toJSON(): ModelRequest {
    const { live: _live, length: _length, copy: _copy, ...rest } = this;
    return { ...rest, input: this.input };
  }
}

/** The turn once its `delayMs` has passed. */
async function delayed(turn: ScriptedTurn, signal: AbortSignal | undefined): Promise<ScriptedTurn> {
  if (turn.delayMs && turn.delayMs > 0) await delay(turn.delayMs, signal);
  return turn;
}

/** The assistant text of a turn: its structured `output` as JSON, else its `text`. */
function textOf(turn: ScriptedTurn): string | undefined {
  if (turn.output === undefined) return turn.text;
  return typeof turn.output === 'string' ? turn.output : JSON.stringify(turn.output);
}

function splitIntoDeltas(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [text];
}

