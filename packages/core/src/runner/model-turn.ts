import { Agent } from '../agent/agent';
import { errorMessage } from '../errors/error-message';
import { ModelError } from '../errors/model.error';
import { ToolwrightError } from '../errors/toolwright.error';
import { messageText, type FunctionCallItem, type FunctionCallOutputItem } from '../items/item';
import { echo } from '../limits/bounded-text';
import { ToolResult } from '../result/tool-result';
import type { Model, ModelRequest, ModelResponse } from '../contracts/model';
import { addUsage, type Usage } from '../result/usage';
import type { TurnTools } from './resolve-tools';
import { emitEvent, type AgentRunInfo, type RunEnvironment } from './run-environment';
import { ModelRefusalError } from '../errors/model-refusal.error';
import { parsePartialJson } from '../output/partial-json';

/** What one model call produced, once its items are in the history. @internal */
export interface ModelTurnOutcome {
  calls: FunctionCallItem[];
  /**
   * Outputs already given, by call id: calls that reused the call id of another call of the
   * conversation were renamed and are answered with an error instead of running.
   */
  answered?: Map<string, FunctionCallOutputItem>;
  /** The text of the last assistant message of the response ('' when there is none). */
  text: string;
  incompleteReason?: string;
}

/**
 * One model call: builds the request (the history is passed as the live array, never copied),
 * asks the model (streamed or not), counts usage, appends the response's items to the history
 * and emits `message` / `tool_called` events in output order. @internal
 */
export async function runModelTurn(env: RunEnvironment, agent: Agent<any>, info: AgentRunInfo, tools: TurnTools): Promise<ModelTurnOutcome> {
  return takeModelResponse(env, agent, info, await askModel(env, agent, info, tools));
}

/**
 * The first half of {@link runModelTurn}: builds the request, counts the turn and asks the model.
 * Not an async function: the run loop awaits the model's answer itself, so a turn suspends one
 * function, not three. May throw synchronously (a cancelled run). @internal
 */
export function askModel(env: RunEnvironment, agent: Agent<any>, info: AgentRunInfo, tools: TurnTools): Promise<ModelResponse> {
  const built = buildRequest(env, agent, info, tools);
  if (built instanceof Promise) return built.then((request) => send(env, agent, info, request));
  return send(env, agent, info, built);
}

function send(env: RunEnvironment, agent: Agent<any>, info: AgentRunInfo, request: ModelRequest): Promise<ModelResponse> {
  env.state.turn++;
  return env.lifecycle
    ? env.lifecycle.modelCall(agent, info.model, request, async () => callModel(env, agent, info.model, request))
    : callModel(env, agent, info.model, request);
}

/** The second half of {@link runModelTurn}: the response's usage, items and events. @internal */
export function takeModelResponse(env: RunEnvironment, agent: Agent<any>, info: AgentRunInfo, response: ModelResponse): ModelTurnOutcome {
  const state = env.state;
  countModelUsage(state.modelUsage, response);
  countModelUsage(state.usage, response);
  env.budget?.addModelUsage(info.model, response.usage);
  const calls: FunctionCallItem[] = [];
  let text = '';
  let refusal: string | undefined;
  let answered: Map<string, FunctionCallOutputItem> | undefined;
  const history = state.history;
  for (const output of response.output) {
    let item = output;
    if (item.type === 'function_call') {
      const unique = uniqueCall(state, item);
      if (unique.answer) (answered ??= new Map()).set(unique.call.callId, unique.answer);
      item = unique.call;
      calls.push(item);
    }
    history.push(item);
    if (item.type === 'function_call') {
      if (env.channel) {
        emitEvent(env, { type: 'tool_called', agent, toolName: item.name, callId: item.callId, arguments: item.arguments });
        const answer = answered?.get(item.callId);
        if (answer) emitEvent(env, { type: 'tool_output', agent, toolName: item.name, callId: item.callId, result: ToolResult.error(String(answer.output)), durationMs: 0 });
      }
    } else if (item.type === 'message' || item.type === 'reasoning') {
      if (item.type === 'message' && item.role === 'assistant') {
        text = messageText(item);
        if (typeof item.refusal === 'string' && item.refusal !== '') refusal = item.refusal;
      }
      if (env.channel) emitEvent(env, { type: 'message', agent, item });
    }
  }
  // A refusal of the structured answer ends the run: there is no value to give.
  if (refusal !== undefined && info.output) throw new ModelRefusalError(agent.name, refusal);
  const outcome: ModelTurnOutcome = { calls, text };
  if (answered) outcome.answered = answered;
  if (response.status === 'incomplete') outcome.incompleteReason = response.incompleteReason ?? 'the response is incomplete';
  return outcome;
}

/**
 * A call id names exactly one call for the whole run: a call that reuses the id of an earlier
 * call of the conversation (or of the same response) is given a fresh id, recorded under it, and
 * answered with an error saying so; it does not run, so no decision or output can apply to two
 * calls. The model may call again.
 */
function uniqueCall(state: RunEnvironment['state'], call: FunctionCallItem): { call: FunctionCallItem; answer?: FunctionCallOutputItem } {
  const id = typeof call.callId === 'string' ? call.callId : String(call.callId);
  if (state.claimCallId(id)) return { call: id === call.callId ? call : { ...call, callId: id } };
  let n = 2;
  while (!state.claimCallId(`${id}#${n}`)) n++;
  const renamed: FunctionCallItem = { ...call, callId: `${id}#${n}` };
  const text =
    `Not run: this call reused the call id "${echo(id)}" of another call in this conversation, so it was recorded as "${echo(renamed.callId)}" ` +
    'and not run (one id must name one call). Make the call again if it is still needed.';
  return { call: renamed, answer: { type: 'function_call_output', callId: renamed.callId, output: text, isError: true } };
}

/** Adds a response's usage; a response counts as one request unless it says otherwise. */
function countModelUsage(target: Usage, response: ModelResponse): void {
  addUsage(target, response.usage);
  if (response.usage?.requests === undefined) target.requests++;
}

/**
 * The model request of this turn. Synchronous when the instructions are static text (and
 * `resolveInstructions` is not overridden): awaiting them every turn was a visible share of a
 * one-call turn.
 */
function buildRequest(env: RunEnvironment, agent: Agent<any>, info: AgentRunInfo, tools: TurnTools): ModelRequest | Promise<ModelRequest> {
  if (typeof agent.instructions !== 'function' && agent.resolveInstructions === Agent.prototype.resolveInstructions) {
    return requestWith(env, agent, info, tools, agent.instructions);
  }
  return agent.resolveInstructions(env.runContext).then((instructions) => requestWith(env, agent, info, tools, instructions));
}

function requestWith(env: RunEnvironment, agent: Agent<any>, info: AgentRunInfo, tools: TurnTools, instructions: string | undefined): ModelRequest {
  const settings = info.settings;
  const request: ModelRequest = { input: env.state.history, tools: tools.definitions, settings };
  if (instructions !== undefined) request.instructions = instructions;
  if (settings.parallelToolCalls !== undefined) request.parallelToolCalls = settings.parallelToolCalls;
  const toolChoice = settings.toolChoice;
  // After an agent used a tool, a forced choice is dropped so the model can answer (else it loops).
  const reset = agent.resetToolChoice !== false && toolChoice !== 'none' && env.state.agentsThatUsedTools.has(agent.name);
  if (toolChoice !== undefined && !reset) request.toolChoice = toolChoice;
  if (info.output) request.outputFormat = info.output.format;
  return request;
}

/**
 * Asks the model and checks its response. A promise chain, not an async function: one fewer
 * suspended frame per turn. Throws synchronously only when the run is already cancelled.
 */
function callModel(env: RunEnvironment, agent: Agent<any>, model: Model, request: ModelRequest): Promise<ModelResponse> {
  env.cancellation.throwIfCancelled();
  let pending: Promise<ModelResponse>;
  try {
    pending = env.streaming ? streamResponse(env, agent, model, request) : model.respond(request, env.signal);
  } catch (error) {
    return Promise.reject(modelFailure(env, agent, error));
  }
  return env.cancellation.race(Promise.resolve(pending)).then(
    (response) => checkedResponse(env, agent, response),
    (error: unknown) => {
      throw modelFailure(env, agent, error);
    },
  );
}

function checkedResponse(env: RunEnvironment, agent: Agent<any>, response: ModelResponse): ModelResponse {
  // A response that settled while the run was being cancelled (a model answering at once) is dropped.
  env.cancellation.throwIfCancelled();
  if (response && Array.isArray(response.output)) return response;
  let error: unknown;
  try {
    error = new ModelError(`The model returned ${JSON.stringify(response)} for agent "${agent.name}"; a ModelResponse needs an \`output\` array.`);
  } catch (unprintable) {
    error = unprintable;
  }
  throw modelFailure(env, agent, error);
}

/** The error a failed model request ends the run with (the cancellation, when the run was cancelled). */
function modelFailure(env: RunEnvironment, agent: Agent<any>, error: unknown): unknown {
  env.cancellation.throwIfCancelled();
  if (error instanceof ToolwrightError) return error;
  return new ModelError(`The model request of agent "${agent.name}" (turn ${env.state.turn}) failed: ${errorMessage(error)}`, { cause: error });
}

/** Structured answers longer than this are not parsed for `output_delta` events as they stream (each delta re-reads the text). */
const MAX_PARTIAL_OUTPUT = 1024 * 1024;

async function streamResponse(env: RunEnvironment, agent: Agent<any>, model: Model, request: ModelRequest): Promise<ModelResponse> {
  let response: ModelResponse | undefined;
  let structured = request.outputFormat !== undefined ? '' : undefined;
  for await (const event of model.stream(request, env.signal)) {
    env.cancellation.throwIfCancelled();
    if (event.type === 'text_delta') {
      emitEvent(env, { type: 'model_delta', agent, delta: event.delta });
      if (structured !== undefined && typeof event.delta === 'string') {
        structured += event.delta;
        if (structured.length > MAX_PARTIAL_OUTPUT) structured = undefined;
        else {
          const partial = parsePartialJson(structured);
          if (partial !== undefined) emitEvent(env, { type: 'output_delta', agent, partial });
        }
      }
    } else if (event.type === 'completed') response = event.response;
  }
  if (!response) {
    throw new ModelError(`The model's stream for agent "${agent.name}" ended without a \`completed\` event; a Model's stream must end with one.`);
  }
  return response;
}

