import {
  Agent, RateLimitError, RunCancelledError, Runner, ScriptedModel, memoryRateLimiter, rateLimit,
  type RunEvent, type ToolFields, type ToolRateLimitedEvent,
} from '@toolwright/core';
import { outputsOf, textTool } from '../runner/helpers';

interface User {
  userId: string;
}

/** A model that calls `tool` once per value, all in one batch, then answers. */
function batchModel(tool: string, values: string[]): ScriptedModel {
  return new ScriptedModel([{ toolCalls: values.map((value, i) => ({ name: tool, arguments: { value }, callId: `c${i + 1}` })) }, { text: 'done' }]);
}

function sendEmail(fields: Partial<ToolFields> = {}) {
  const sent: string[] = [];
  const tool = textTool('send_email', (_ctx, { value }) => {
    sent.push(value);
    return `sent ${value}`;
  }, fields);
  return { tool, sent };
}

async function collect(stream: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('Rate limits in a run', () => {
  describe("with onLimit 'answer' (the default)", () => {
    it('lets exactly `points` calls run and tells the model the tool, the limit in words and the retry time; the run goes on', async () => {
      const { tool, sent } = sendEmail({ rateLimit: { points: 2, durationMs: 60_000, key: (ctx) => (ctx.context as User).userId } });
      const runner = new Runner({ model: batchModel('send_email', ['a', 'b', 'c']), rateLimiter: memoryRateLimiter() });
      const stream = runner.stream(new Agent({ name: 'mailer', tools: [tool] }), 'send three', { context: { userId: 'u1' } });
      const events = await collect(stream);
      const result = await stream.result;
      expect(sent).toEqual(['a', 'b']);
      expect(result.finalOutput).toBe('done');
      const outputs = outputsOf(result.history);
      expect(outputs.c1).toBe('sent a');
      expect(outputs.c3).toMatch(/^Rate limit reached for send_email: 2 calls per minute per user; retry after (59|60) s\. The call did not run\./);
      const limited = events.filter((e): e is ToolRateLimitedEvent => e.type === 'tool_rate_limited');
      expect(limited).toHaveLength(1);
      expect(limited[0]).toMatchObject({ toolName: 'send_email', callId: 'c3', limit: '2 calls per minute per user', onLimit: 'answer' });
      expect(limited[0]!.retryAfterMs).toBeGreaterThan(50_000);
      expect(limited[0]!.retryAfterMs).toBeLessThanOrEqual(60_000);
    });

    it('counts each key on its own, and across runs of the same runner', async () => {
      const { tool, sent } = sendEmail({ rateLimit: { points: 1, durationMs: 60_000, key: (ctx) => (ctx.context as User).userId } });
      const runner = new Runner({ model: new ScriptedModel((req) => (req.input.some((i) => i.type === 'function_call_output') ? { text: 'ok' } : { toolCalls: [{ name: 'send_email', arguments: { value: 'x' } }] })), rateLimiter: memoryRateLimiter() });
      const agent = new Agent({ name: 'mailer', tools: [tool] });
      await runner.run(agent, 'go', { context: { userId: 'ann' } });
      await runner.run(agent, 'go', { context: { userId: 'bob' } });
      const third = await runner.run(agent, 'go', { context: { userId: 'ann' } });
      expect(sent).toEqual(['x', 'x']);
      expect(JSON.stringify(outputsOf(third.history))).toContain('Rate limit reached for send_email: 1 call per minute per user');
    });

    it('is checked before approval: nobody is asked to approve a call that cannot run', async () => {
      const approvalHandler = jest.fn(() => ({ approved: true as const }));
      const { tool, sent } = sendEmail({ needsApproval: true, rateLimit: { points: 1, durationMs: 60_000 } });
      const runner = new Runner({ model: batchModel('send_email', ['a', 'b']), approvalHandler, rateLimiter: memoryRateLimiter() });
      const result = await runner.run(new Agent({ name: 'mailer', tools: [tool] }), 'send two');
      expect(approvalHandler).toHaveBeenCalledTimes(1);
      expect(approvalHandler).toHaveBeenCalledWith(expect.objectContaining({ callId: 'c1' }), expect.anything());
      expect(sent).toEqual(['a']);
      expect(String(outputsOf(result.history).c2)).toContain('Rate limit reached for send_email: 1 call per minute;');
    });

    it('a run paused for approval does not count its calls again when it resumes, and keeps the limited call answered', async () => {
      const { tool, sent } = sendEmail({ needsApproval: true, rateLimit: { points: 1, durationMs: 60_000 } });
      const runner = new Runner({ model: batchModel('send_email', ['a', 'b']), rateLimiter: memoryRateLimiter() });
      const agent = new Agent({ name: 'mailer', tools: [tool] });
      const paused = await runner.run(agent, 'send two');
      expect(paused.interruptions.map((r) => r.callId)).toEqual(['c1']);
      paused.state.approve('c1');
      const done = await runner.run(agent, paused.state);
      expect(sent).toEqual(['a']);
      expect(done.status).toBe('completed');
      expect(String(outputsOf(done.history).c2)).toContain('Rate limit reached');
    });
  });

  describe("with onLimit 'fail'", () => {
    it('ends the run with RateLimitError carrying the partial result; the call does not run', async () => {
      const { tool, sent } = sendEmail({ rateLimit: { points: 1, durationMs: 3_600_000, onLimit: 'fail' } });
      const runner = new Runner({ model: batchModel('send_email', ['a', 'b']), rateLimiter: memoryRateLimiter() });
      const error = (await runner.run(new Agent({ name: 'mailer', tools: [tool] }), 'go').catch((e: unknown) => e)) as RateLimitError;
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ toolName: 'send_email', callId: 'c2', limit: '1 call per hour' });
      expect(error.message).toMatch(/^Rate limit reached for send_email \(call c2\): 1 call per hour; retry after 36\d\d s\./);
      expect((error.result as { status: string }).status).toBe('failed');
      expect(sent).toEqual([]);
    });
  });

  describe("with onLimit 'wait'", () => {
    it('waits for the window to roll over and then runs the call', async () => {
      const { tool, sent } = sendEmail({ rateLimit: { points: 1, durationMs: 300, onLimit: 'wait', maxWaitMs: 30_000 } });
      const runner = new Runner({ model: batchModel('send_email', ['a', 'b']), rateLimiter: memoryRateLimiter() });
      const stream = runner.stream(new Agent({ name: 'mailer', tools: [tool] }), 'go');
      const events = await collect(stream);
      expect(sent).toEqual(['a', 'b']);
      expect(events.filter((e) => e.type === 'tool_rate_limited').map((e) => (e as ToolRateLimitedEvent).onLimit)).toContain('wait');
      expect((await stream.result).finalOutput).toBe('done');
    }, 20_000);

    it("is cancelled by the run's signal", async () => {
      const { tool, sent } = sendEmail({ rateLimit: { points: 1, durationMs: 3_600_000, onLimit: 'wait', maxWaitMs: 3_600_000 } });
      const runner = new Runner({ model: batchModel('send_email', ['a', 'b']), rateLimiter: memoryRateLimiter() });
      const controller = new AbortController();
      const stream = runner.stream(new Agent({ name: 'mailer', tools: [tool] }), 'go', { signal: controller.signal });
      const seen: RunEvent[] = [];
      const iteration = (async () => {
        for await (const event of stream) {
          seen.push(event);
          if (event.type === 'tool_rate_limited') controller.abort();
        }
      })();
      await expect(iteration).rejects.toBeInstanceOf(RunCancelledError);
      expect(sent).toEqual([]);
    }, 20_000);

    it('answers like onLimit answer when the wait would pass maxWaitMs', async () => {
      const { tool, sent } = sendEmail({ rateLimit: { points: 1, durationMs: 60_000, onLimit: 'wait', maxWaitMs: 1_000 } });
      const runner = new Runner({ model: batchModel('send_email', ['a', 'b']), rateLimiter: memoryRateLimiter() });
      const result = await runner.run(new Agent({ name: 'mailer', tools: [tool] }), 'go');
      expect(sent).toEqual(['a']);
      expect(String(outputsOf(result.history).c2)).toContain('Rate limit reached for send_email: 1 call per minute; retry after');
    });
  });

  describe('runner-wide policies', () => {
    it('rateLimit(pattern) counts each matching tool on its own; other tools are not limited', async () => {
      const runs: string[] = [];
      const tools = ['send_email', 'send_sms', 'lookup'].map((name) => textTool(name, (_c, { value }) => runs.push(`${name}:${value}`)));
      const model = new ScriptedModel([
        { toolCalls: ['send_email', 'send_email', 'send_sms', 'lookup', 'lookup'].map((name, i) => ({ name, arguments: { value: String(i) }, callId: `c${i}` })) },
        { text: 'done' },
      ]);
      const runner = new Runner({ model, rateLimits: [rateLimit('send_*', { points: 1, durationMs: 60_000 })], rateLimiter: memoryRateLimiter() });
      await runner.run(new Agent({ name: 'a', tools }), 'go');
      expect(runs).toEqual(['send_email:0', 'send_sms:2', 'lookup:3', 'lookup:4']);
    });

    it('rateLimit({ openWorld: true }) covers tools by annotation (undeclared counts as open-world)', async () => {
      const runs: string[] = [];
      const web = textTool('fetch_page', (_c, { value }) => runs.push(`web:${value}`));
      const local = textTool('read_note', (_c, { value }) => runs.push(`local:${value}`), { openWorld: false });
      const model = new ScriptedModel([
        { toolCalls: [0, 1].flatMap((i) => [{ name: 'fetch_page', arguments: { value: String(i) } }, { name: 'read_note', arguments: { value: String(i) } }]) },
        { text: 'done' },
      ]);
      const runner = new Runner({ model, rateLimits: [rateLimit({ openWorld: true }, { points: 1, durationMs: 60_000 })], rateLimiter: memoryRateLimiter() });
      await runner.run(new Agent({ name: 'a', tools: [web, local] }), 'go');
      expect(runs).toEqual(['web:0', 'local:0', 'local:1']);
    });

    it("a call refused by the policy gives back the point its tool's own limit counted", async () => {
      const { tool, sent } = sendEmail({ rateLimit: { points: 2, durationMs: 60_000 } });
      const backend = memoryRateLimiter();
      const runner = new Runner({ model: batchModel('send_email', ['a', 'b', 'c']), rateLimits: [rateLimit('send_email', { points: 1, durationMs: 60_000 })], rateLimiter: backend });
      await runner.run(new Agent({ name: 'a', tools: [tool] }), 'go');
      expect(sent).toEqual(['a']);
      // The tool's own limit (2 a minute) counted only the call that ran: one more passes it.
      const own = { id: `toolwright:rl:send_email:2:60000:tool`, points: 2, durationMs: 60_000 };
      await expect(backend.consume(own, '*')).resolves.toEqual({ allowed: true });
      await expect(backend.consume(own, '*')).resolves.toMatchObject({ allowed: false });
    });
  });
});
