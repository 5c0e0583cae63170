import { inspect } from 'node:util';
import {
  Agent, ConsecutiveToolFailuresError, GuardrailOutcome, GuardrailTripwireError, MaxTurnsExceededError, ModelError, RunCancelledError,
  Runner, ScriptedModel, ToolCallError, ToolwrightError, defineToolInputGuardrail, type Model, type ModelRequest, type ModelResponse,
  type RunResult,
} from '@toolwright/core';
import { bareTool, textTool } from '../runner/helpers';

// What a customer told the model and what a tool answered: neither may reach a log line.
const SECRET_INPUT = 'my card is 4111-1111-1111-1111';
const SECRET_OUTPUT = 'Ship to 12 Secret Lane, Springfield';

/** Every form a logger or an HTTP body may take of an error. */
function loggedForms(error: ToolwrightError): Record<string, string> {
  return {
    message: error.message,
    toString: String(error),
    toJSON: JSON.stringify(error),
    inspect: inspect(error, { depth: 10 }),
    stack: error.stack ?? '',
  };
}

function expectNothingLeaks(error: unknown): asserts error is ToolwrightError & { result: RunResult } {
  expect(error).toBeInstanceOf(ToolwrightError);
  for (const [form, text] of Object.entries(loggedForms(error as ToolwrightError))) {
    expect({ form, leaksInput: text.includes(SECRET_INPUT), leaksOutput: text.includes(SECRET_OUTPUT) }).toEqual({ form, leaksInput: false, leaksOutput: false });
  }
  // The data is still there for code.
  const result = (error as { result: RunResult }).result;
  expect(JSON.stringify(result.history)).toContain(SECRET_INPUT);
}

/** A model that calls the `address` tool once, then fails as `fail()` says. */
function modelThatFailsAfterATool(fail: () => never): Model {
  let turn = 0;
  const scripted = new ScriptedModel([{ toolCalls: [{ name: 'address', arguments: {} }] }]);
  return {
    respond: (request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse> => (turn++ === 0 ? scripted.respond(request, signal) : Promise.reject(toError(fail))),
    stream: () => {
      throw new Error('not streamed in this test');
    },
  };
}

function toError(fail: () => never): unknown {
  try {
    fail();
  } catch (error) {
    return error;
  }
}

const address = () => bareTool('address', () => SECRET_OUTPUT);

describe('Toolwright errors in logs', () => {
  it('a ModelError after a tool ran keeps the history out of message, toString, toJSON, util.inspect and stack', async () => {
    const model = modelThatFailsAfterATool(() => {
      throw new ModelError('The provider answered 500.', { status: 500, requestId: 'req_1', cause: new Error('upstream') });
    });
    const error = await new Runner({ model }).run(new Agent({ name: 'a', tools: [address()] }), SECRET_INPUT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expectNothingLeaks(error);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ModelError',
      message: 'The provider answered 500.',
      details: { status: 500, requestId: 'req_1', cause: { name: 'Error', message: 'upstream' } },
      cause: { name: 'Error', message: 'upstream' },
    });
    expect(JSON.stringify(error.result.history)).toContain(SECRET_OUTPUT);
    expect(Object.keys(error)).not.toContain('result');
  });

  it('MaxTurnsExceededError keeps the history out of its logged forms', async () => {
    const model = new ScriptedModel(() => ({ toolCalls: [{ name: 'address', arguments: {} }] }));
    const error = await new Runner({ model, maxTurns: 2 }).run(new Agent({ name: 'a', tools: [address()] }), SECRET_INPUT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MaxTurnsExceededError);
    expectNothingLeaks(error);
  });

  it('ConsecutiveToolFailuresError names the failed calls but keeps their outputs out of its logged forms', async () => {
    const failing = bareTool('lookup', () => {
      throw new Error(SECRET_OUTPUT);
    });
    const model = new ScriptedModel((_r, turn) => ({ toolCalls: [{ name: 'lookup', callId: `c${turn}` }] }));
    const error = await new Runner({ model }).run(new Agent({ name: 'a', tools: [failing] }), SECRET_INPUT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConsecutiveToolFailuresError);
    expectNothingLeaks(error);
    expect((error as ConsecutiveToolFailuresError).message).toContain('lookup (call c2)');
    expect((error as ConsecutiveToolFailuresError).lastFailures[0].output).toContain(SECRET_OUTPUT);
  });

  it('GuardrailTripwireError and ToolCallError keep the history out of their logged forms', async () => {
    const tripwire = defineToolInputGuardrail({ name: 'stop', check: () => GuardrailOutcome.tripwire('refunds are closed') });
    const twoTurns = () => new ScriptedModel([{ toolCalls: [{ name: 'address', arguments: {} }] }, { toolCalls: [{ name: 'echo', arguments: { value: 'x' } }] }, { text: 'end' }]);
    const guarded = textTool('echo', () => 'never', { inputGuardrails: [tripwire] });
    const tripped = await new Runner({ model: twoTurns() }).run(new Agent({ name: 'a', tools: [address(), guarded] }), SECRET_INPUT).catch((e: unknown) => e);
    expect(tripped).toBeInstanceOf(GuardrailTripwireError);
    expectNothingLeaks(tripped);

    const fatal = textTool('echo', () => {
      throw new Error('disk full');
    }, { failureError: null });
    const failed = await new Runner({ model: twoTurns() }).run(new Agent({ name: 'a', tools: [address(), fatal] }), SECRET_INPUT).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ToolCallError);
    expectNothingLeaks(failed);
    expect((failed as ToolCallError).toJSON()).toMatchObject({ name: 'ToolCallError', toolName: 'echo', cause: { name: 'Error', message: 'disk full' } });
  });

  it('RunCancelledError keeps the history out of its logged forms', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([{ toolCalls: [{ name: 'address', arguments: {} }] }, () => (controller.abort(new Error('client went away')), { text: 'late' })]);
    const error = await new Runner({ model }).run(new Agent({ name: 'a', tools: [address()] }), SECRET_INPUT, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunCancelledError);
    expectNothingLeaks(error);
  });
});
