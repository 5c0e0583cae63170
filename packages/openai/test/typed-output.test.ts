import 'reflect-metadata';
import OpenAI from 'openai';
import { Type } from 'class-transformer';
import { IsInt, Min, ValidateNested } from 'class-validator';
import { Agent, ModelRefusalError, OutputValidationError, Runner, type RunEvent } from '@toolwright/core';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@toolwright/openai';
import { type LoopbackServer, useLoopbackServer } from '../../../test-support/loopback-server';
import { message, refusalMessage, response, streamOf } from './fixtures/responses-wire';
import { chatStreamOf, completion } from './fixtures/chat-wire';

const RESPONSES = '/v1/responses';
const CHAT = '/v1/chat/completions';
let server: LoopbackServer;
useLoopbackServer((started) => (server = started));

const client = (): OpenAI => new OpenAI({ apiKey: 'sk-loopback', baseURL: server.baseURL });

enum Status {
  Approved = 'approved',
  Denied = 'denied',
}

class Line {
  sku!: string;
  @IsInt()
  @Min(1)
  quantity!: number;
}

/** A refund decision. */
class RefundDecision {
  status!: Status;
  /** Amount refunded, in cents. */
  @IsInt()
  @Min(0)
  amountCents!: number;
  decidedAt!: Date;
  @ValidateNested({ each: true })
  @Type(() => Line)
  lines!: Line[];
  reason?: string;
}

/** The strict schema the scanner embeds for RefundDecision, as both APIs must receive it. */
const STRICT_SCHEMA = {
  type: 'object',
  description: 'A refund decision.',
  additionalProperties: false,
  required: ['status', 'amountCents', 'decidedAt', 'lines', 'reason'],
  properties: {
    status: { type: 'string', enum: ['approved', 'denied'] },
    amountCents: { type: 'integer', minimum: 0, description: 'Amount refunded, in cents.' },
    decidedAt: { type: 'string', format: 'date-time' },
    lines: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['sku', 'quantity'], properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } } },
    },
    reason: { type: ['string', 'null'] },
  },
};

const decision = { status: 'approved', amountCents: 1250, decidedAt: '2026-03-04T05:06:07.000Z', lines: [{ sku: 'A-1', quantity: 2 }], reason: null };

function expectDecision(value: unknown): void {
  expect(value).toBeInstanceOf(RefundDecision);
  const d = value as RefundDecision;
  expect(d.status).toBe(Status.Approved);
  expect(d.decidedAt).toBeInstanceOf(Date);
  expect(d.decidedAt.getUTCFullYear()).toBe(2026);
  expect(d.lines[0]).toBeInstanceOf(Line);
  expect(d.reason).toBeUndefined();
}

describe('typed output over the wire', () => {
  const agent = new Agent({ name: 'refunds', instructions: 'Decide.', outputType: RefundDecision });

  describe('Responses API', () => {
    const model = (): OpenAIResponsesModel => new OpenAIResponsesModel({ client: client(), model: 'gpt-test' });

    it('sends text.format json_schema strict and answers with an instance', async () => {
      server.enqueue(RESPONSES, { kind: 'json', body: response('resp_1', [message(JSON.stringify(decision))]) });
      const result = await new Runner({ model: model() }).run(agent, 'Refund order 42');
      expectDecision(result.finalOutput);
      const body = server.requests[0]!.body;
      expect(body.text).toEqual({ format: { type: 'json_schema', name: 'RefundDecision', description: 'A refund decision.', strict: true, schema: STRICT_SCHEMA } });
    });

    it('streams: output_delta events carry the partial object, then the final value', async () => {
      const pretty = JSON.stringify(decision, null, 1);
      server.enqueue(RESPONSES, { kind: 'sse', events: streamOf(response('resp_s', [message(pretty)]), { chunk: 7 }) });
      const stream = new Runner({ model: model() }).stream(agent, 'Refund order 42');
      const partials: unknown[] = [];
      for await (const event of stream as AsyncIterable<RunEvent>) if (event.type === 'output_delta') partials.push(event.partial);
      const result = await stream.result;
      expectDecision(result.finalOutput);
      expect(partials.length).toBeGreaterThan(5);
      expect(partials).toContainEqual({ status: 'approved' });
      expect(partials.at(-1)).toEqual(decision);
      expect(server.requests[0]!.body).toMatchObject({ stream: true, text: { format: { type: 'json_schema', strict: true, schema: STRICT_SCHEMA } } });
    });

    it('turns a refusal into ModelRefusalError with the model text', async () => {
      server.enqueue(RESPONSES, { kind: 'json', body: response('resp_r', [refusalMessage('I will not decide refunds.')]) });
      const error = await new Runner({ model: model() }).run(agent, 'Refund').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelRefusalError);
      expect((error as ModelRefusalError).refusal).toBe('I will not decide refunds.');
    });

    it('sends an invalid answer back with the violations; a valid retry completes', async () => {
      server.enqueue(
        RESPONSES,
        { kind: 'json', body: response('resp_a', [message(JSON.stringify({ ...decision, amountCents: -5, status: 'maybe' }))]) },
        { kind: 'json', body: response('resp_b', [message(JSON.stringify(decision))]) },
      );
      const result = await new Runner({ model: model() }).run(agent, 'Refund');
      expectDecision(result.finalOutput);
      const retry = server.requests[1]!.body.input as Array<{ role?: string; content?: unknown }>;
      const feedback = retry.at(-1)!;
      expect(feedback.role).toBe('user');
      expect(String(feedback.content)).toMatch(/\/amountCents/);
      expect(String(feedback.content)).toMatch(/\/status/);
      expect(result.usage.requests).toBe(2);
    });

    it('fails with OutputValidationError when the retries are spent', async () => {
      const bad = { kind: 'json' as const, body: response('resp_x', [message('{"status":"approved"')]) };
      server.enqueue(RESPONSES, bad, bad);
      const error = await new Runner({ model: model() }).run(agent, 'Refund').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutputValidationError);
      expect((error as Error).message).toMatch(/not valid JSON/);
      expect(server.requests).toHaveLength(2);
    });
  });

  describe('Chat Completions', () => {
    const model = (): OpenAIChatCompletionsModel => new OpenAIChatCompletionsModel({ client: client(), model: 'gpt-test' });

    it('sends response_format json_schema strict and answers with an instance', async () => {
      server.enqueue(CHAT, { kind: 'json', body: completion('chat_1', { content: JSON.stringify(decision) }) });
      const result = await new Runner({ model: model() }).run(agent, 'Refund order 42');
      expectDecision(result.finalOutput);
      expect(server.requests[0]!.body.response_format).toEqual({
        type: 'json_schema',
        json_schema: { name: 'RefundDecision', description: 'A refund decision.', strict: true, schema: STRICT_SCHEMA },
      });
    });

    it('streams with response_format and emits output_delta', async () => {
      server.enqueue(CHAT, { kind: 'sse', events: chatStreamOf('chat_s', { content: JSON.stringify(decision, null, 1) }, { chunk: 9 }) });
      const stream = new Runner({ model: model() }).stream(agent, 'Refund');
      let deltas = 0;
      for await (const event of stream as AsyncIterable<RunEvent>) if (event.type === 'output_delta') deltas++;
      expectDecision((await stream.result).finalOutput);
      expect(deltas).toBeGreaterThan(3);
      expect(server.requests[0]!.body).toMatchObject({ stream: true, response_format: { type: 'json_schema', json_schema: { strict: true, schema: STRICT_SCHEMA } } });
    });

    it('turns a refusal into ModelRefusalError, streamed too', async () => {
      server.enqueue(CHAT, { kind: 'sse', events: chatStreamOf('chat_r', { refusal: 'No refunds from me.' }) });
      const stream = new Runner({ model: model() }).stream(agent, 'Refund');
      await expect((async () => {
        for await (const _ of stream) void _;
      })()).rejects.toBeInstanceOf(ModelRefusalError);
      await expect(stream.result).rejects.toThrow(/No refunds from me/);
    });
  });

  describe('hostile answers', () => {
    const model = (): OpenAIResponsesModel => new OpenAIResponsesModel({ client: client(), model: 'gpt-test' });
    const strictAgent = new Agent({ name: 'refunds', outputType: RefundDecision, outputRetries: 0 });
    const failure = async (text: string): Promise<OutputValidationError> => {
      server.enqueue(RESPONSES, { kind: 'json', body: response('resp_h', [message(text)]) });
      const error = await new Runner({ model: model() }).run(strictAgent, 'Refund').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutputValidationError);
      return error as OutputValidationError;
    };

    it('refuses a 50 MB answer with a clear error', async () => {
      // Written in 1 MiB pieces (the server's default 17 bytes would take millions of writes).
      server.chunkSize = 1 << 20;
      const huge = `{"reason":"${'x'.repeat(50 * 1024 * 1024)}"}`;
      const error = await failure(huge);
      expect(error.message).toMatch(/characters long; at most/);
      expect(error.message.length).toBeLessThan(5000);
    }, 120_000);

    it('refuses deeply nested JSON, non-JSON text and __proto__ keys without polluting anything', async () => {
      expect((await failure(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)).message).toMatch(/levels deep/);
      expect((await failure('Sure! Here is your decision: approved.')).message).toMatch(/not valid JSON/);
      const polluting = `{"__proto__":{"polluted":true},"status":"approved","amountCents":1,"decidedAt":"2026-03-04T05:06:07.000Z","lines":[],"reason":null}`;
      expect((await failure(polluting)).message).toMatch(/__proto__/);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((await failure('null')).message).toMatch(/JSON object/);
    });
  });
});
