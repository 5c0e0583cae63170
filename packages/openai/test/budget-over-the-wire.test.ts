import OpenAI from 'openai';
import { Agent, BudgetExceededError, Runner, defineTool } from '@toolwright/core';
import { OpenAIResponsesModel } from '@toolwright/openai';
import { type LoopbackServer, useLoopbackServer } from '../../../test-support/loopback-server';
import { functionCall, message, response, usage } from './fixtures/responses-wire';

const RESPONSES = '/v1/responses';
let server: LoopbackServer;
useLoopbackServer((started) => (server = started));

function lookupTool(calls: string[]) {
  return defineTool({
    name: 'lookup',
    description: 'Look something up.',
    parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    invoke: (_ctx, { q }: { q: string }) => {
      calls.push(q);
      return `found ${q}`;
    },
  });
}

describe('Run budgets against the usage a Responses API server reports', () => {
  it('prices the wire usage by the model name and ends the run with BudgetExceededError once the cost crosses maxCostUsd', async () => {
    const calls: string[] = [];
    server.enqueue(
      RESPONSES,
      { kind: 'json', body: response('resp_1', [functionCall('call_1', 'lookup', '{"q":"a"}')], { usage: usage(400_000, 1_000) }) },
      { kind: 'json', body: response('resp_2', [functionCall('call_2', 'lookup', '{"q":"b"}')], { usage: usage(500_000, 2_000) }) },
      { kind: 'json', body: response('resp_3', [message('never asked')], { usage: usage(1, 1) }) },
    );
    const model = new OpenAIResponsesModel({ client: new OpenAI({ apiKey: 'sk-loopback', baseURL: server.baseURL }), model: 'gpt-test' });
    const run = new Runner({ model }).run(new Agent({ name: 'a', tools: [lookupTool(calls)] }), 'go', {
      budget: { maxCostUsd: 0.3, maxOutputTokens: 10_000, prices: { 'gpt-test': { inputPerMTok: 0.4, outputPerMTok: 1.6 } } },
    });
    const error = (await run.catch((e: unknown) => e)) as BudgetExceededError;
    expect(error).toBeInstanceOf(BudgetExceededError);
    // 900,000 input tokens at $0.40 and 3,000 output tokens at $1.60 per million: $0.3648.
    expect(error.budget).toBe('maxCostUsd');
    expect(error.spent).toEqual({ toolCalls: 1, inputTokens: 900_000, outputTokens: 3_000, costUsd: expect.closeTo(0.3648, 10) });
    expect(error.limit).toBe(0.3);
    expect(calls).toEqual(['a']);
    expect(server.requests).toHaveLength(2);
  });
});
