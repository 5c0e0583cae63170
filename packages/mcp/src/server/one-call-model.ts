import { ModelError, type FunctionCallItem, type Model, type ModelResponse, type ModelStreamEvent } from '@toolwright/core';

/**
 * The "model" of a served call: it answers the first request with exactly the call the MCP
 * client made, so the call goes through the runner's whole path (validation, approval,
 * guardrails, interceptors, timeouts, output caps) like any call a model makes. The run stops
 * after that call (`stop_on_first_tool`); a second request is a bug. @internal
 */
export class OneCallModel implements Model {
  private answered = false;

  constructor(private readonly call: FunctionCallItem) {}

  async respond(): Promise<ModelResponse> {
    return this.answer();
  }

  async *stream(): AsyncIterable<ModelStreamEvent> {
    yield { type: 'completed', response: this.answer() };
  }

  private answer(): ModelResponse {
    if (this.answered) throw new ModelError(`The served call ${this.call.callId} to "${this.call.name}" was asked for a second model turn.`);
    this.answered = true;
    return { output: [this.call], status: 'completed' };
  }
}
