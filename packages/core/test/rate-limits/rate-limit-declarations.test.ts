import 'reflect-metadata';
import {
  Agent, Param, RateLimitError, Runner, ScriptedModel, Tool, ToolDefinitionError, UserError, defineTool, memoryRateLimiter, rateLimit, toolsOf,
  type RunEvent,
} from '@toolwright/core';
import { executeToolCall } from '@toolwright/core/extend';
import { limitInWords } from '../../src/rate-limits/rate-limit-text';
import { outputsOf } from '../runner/helpers';

const PARAMS = { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] } as const;

function mailer(key: (ctx: { context: unknown }) => unknown, sent: string[] = []) {
  return defineTool({
    name: 'send_email',
    description: 'Send an email.',
    parameters: PARAMS,
    rateLimit: { points: 2, durationMs: 60_000, key: key as never },
    invoke: (_ctx, { to }: { to: string }) => {
      sent.push(to);
      return `sent to ${to}`;
    },
  });
}

const oneCall = () => new ScriptedModel([{ toolCalls: [{ name: 'send_email', arguments: { to: 'ann' }, callId: 'c1' }] }, { text: 'done' }]);

describe('Rate limit declarations', () => {
  describe('the limit in words', () => {
    const byUser = (): string => 'u';
    it.each<[Parameters<typeof limitInWords>[0], string]>([
      [{ points: 5, durationMs: 60_000, key: byUser }, '5 calls per minute per user'],
      [{ points: 1, durationMs: 1_000 }, '1 call per second'],
      [{ points: 3, durationMs: 7_200_000 }, '3 calls per 2 hours'],
      [{ points: 10, durationMs: 86_400_000, key: byUser, per: 'tenant' }, '10 calls per day per tenant'],
      [{ points: 3, durationMs: 1_500 }, '3 calls per 1.5 seconds'],
      [{ points: 2, durationMs: 250 }, '2 calls per 250 ms'],
      [{ points: 4, durationMs: 90_000 }, '4 calls per 90 seconds'],
    ])('%o reads "%s"', (limit, words) => {
      expect(limitInWords(limit)).toBe(words);
    });
  });

  describe('@Tool({ rateLimit }) and defineTool({ rateLimit })', () => {
    it('decorated tools carry the limit and are limited in a run', async () => {
      class Mail {
        sent = 0;
        @Tool({ rateLimit: { points: 1, durationMs: 60_000 } })
        sendLetter(@Param('to') to: string) {
          this.sent++;
          return `sent to ${to}`;
        }
      }
      const mail = new Mail();
      const [tool] = toolsOf(mail);
      expect(tool!.rateLimit).toEqual({ points: 1, durationMs: 60_000 });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'send_letter', arguments: { to: 'a' } }, { name: 'send_letter', arguments: { to: 'b' } }] }, { text: 'done' }]);
      await new Runner({ model, rateLimiter: memoryRateLimiter() }).run(new Agent({ name: 'm', tools: [mail] }), 'go');
      expect(mail.sent).toBe(1);
    });

    it.each([
      [{ points: 0, durationMs: 1000 }, /rateLimit\.points must be a positive integer, got 0/],
      [{ points: 5, durationMs: 1.5 }, /rateLimit\.durationMs must be a positive integer number of milliseconds/],
      [{ points: 5, durationMs: 2 ** 31 }, /rateLimit\.durationMs must be/],
      [{ points: 5, durationMs: 1000, key: 'userId' }, /rateLimit\.key must be a function, got "userId"/],
      [{ points: 5, durationMs: 1000, onLimit: 'queue' }, /onLimit must be "answer", "wait" or "fail", got "queue"/],
      [{ points: 5, durationMs: 1000, maxWaitMs: 10 }, /maxWaitMs is set but onLimit is not "wait"/],
      [{ points: 5, durationMs: 1000, per: 'user' }, /per names a key, but the limit has no key function/],
      [{ points: 5, durationMs: 1000, burst: 2 }, /unknown option "burst"/],
      ['5/min', /rateLimit must be an object, got "5\/min"/],
    ])('refuses %j, naming the tool and the fix', (limit, message) => {
      const define = () => defineTool({ name: 'send_email', description: 'Send.', parameters: PARAMS, rateLimit: limit as never, invoke: () => 'x' });
      expect(define).toThrow(ToolDefinitionError);
      expect(define).toThrow(message);
      expect(define).toThrow(/Tool "send_email": .* Fix: /);
      expect(() => rateLimit('send_*', limit as never)).toThrow(UserError);
      expect(() => {
        class Bad {
          @Tool({ rateLimit: limit as never })
          send(@Param('to') to: string) {
            return to;
          }
        }
        return Bad;
      }).toThrow(/@Tool on Bad\.send: rateLimit/);
    });

    it('a Runner refuses rateLimits and rateLimiter that are not what rateLimit(...) and the backends make', () => {
      expect(() => new Runner({ rateLimits: [{ points: 5, durationMs: 1000 }] as never })).toThrow(/rateLimits must be an array of policies made by rateLimit/);
      expect(() => new Runner({ rateLimiter: {} as never })).toThrow(/rateLimiter must be a rate limiter backend/);
      expect(() => rateLimit({}, { points: 1, durationMs: 1 })).toThrow(/rateLimit\(\{\}\) names no annotation/);
    });
  });

  describe('key functions (user code)', () => {
    async function runWith(key: (ctx: { context: unknown }) => unknown, context: unknown = { userId: 'u1' }) {
      const sent: string[] = [];
      const run = new Runner({ model: oneCall(), rateLimiter: memoryRateLimiter() }).run(new Agent({ name: 'm', tools: [mailer(key, sent)] }), 'go', { context });
      return { run, sent };
    }

    it('a key function that throws ends the run with a UserError naming the tool and the limit; nothing is counted or sent', async () => {
      const { run, sent } = await runWith((ctx) => (ctx.context as { user: { id: string } }).user.id);
      const error = await run.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UserError);
      expect((error as Error).message).toMatch(/^The rate limit key function of tool "send_email" \(2 calls per minute per user\) threw on call c1: .*Fix the key function/);
      expect(sent).toEqual([]);
    });

    it.each([
      ['undefined', () => undefined, /returned undefined/],
      ['an empty string', () => '', /returned an empty string/],
      ['an object', () => ({ id: 1 }), /returned a value of type object/],
      ['NaN', () => Number.NaN, /returned NaN/],
      ['a promise', () => Promise.resolve('u1'), /returned a promise/],
      ['a symbol', () => Symbol('u'), /returned a value of type symbol/],
    ])('a key function returning %s is a clear UserError', async (_what, key, message) => {
      const { run, sent } = await runWith(key);
      await expect(run).rejects.toThrow(message);
      await expect(run).rejects.toThrow(/must return a non-empty string or a finite number synchronously/);
      expect(sent).toEqual([]);
    });

    it('huge and odd keys are bounded (hashed) and still count per key', async () => {
      const backend = memoryRateLimiter();
      const consume = jest.spyOn(backend, 'consume');
      const keys = ['x'.repeat(5_000_000), 'x'.repeat(4_999_999) + 'y', 'émoji 🚀\n\u0000', 'k:*', 42];
      const sent: string[] = [];
      for (const key of keys) {
        for (let i = 0; i < 3; i++) {
          await new Runner({ model: oneCall(), rateLimiter: backend }).run(new Agent({ name: 'm', tools: [mailer(() => key, sent)] }), 'go');
        }
      }
      // Two calls per key pass, the third is limited: each key counted on its own.
      expect(sent).toHaveLength(2 * keys.length);
      const seen = consume.mock.calls.map(([, key]) => key);
      expect(Math.max(...seen.map((k) => k.length))).toBeLessThanOrEqual(66);
      expect(new Set(seen).size).toBe(keys.length);
    }, 60_000);
  });

  describe('executeToolCall', () => {
    it("holds the tool's own limit and emits tool_rate_limited; 'fail' rejects with RateLimitError", async () => {
      const sent: string[] = [];
      const tool = mailer((ctx) => (ctx.context as { userId: string }).userId, sent);
      const events: RunEvent[] = [];
      const host = { context: { userId: 'direct-user' }, rateLimiter: memoryRateLimiter(), emit: (e: RunEvent) => events.push(e) };
      await executeToolCall(tool, { to: 'a' }, host);
      await executeToolCall(tool, { to: 'b' }, host);
      const third = await executeToolCall(tool, { to: 'c' }, host);
      expect(sent).toEqual(['a', 'b']);
      expect(third.isError).toBe(true);
      expect(third.text).toMatch(/^Rate limit reached for send_email: 2 calls per minute per user; retry after \d+ s/);
      expect(events.filter((e) => e.type === 'tool_rate_limited')).toHaveLength(1);
      const strict = { ...tool, name: 'strict_send', rateLimit: { points: 1, durationMs: 60_000, onLimit: 'fail' as const } };
      await executeToolCall(strict, { to: 'a' }, host);
      await expect(executeToolCall(strict, { to: 'b' }, host)).rejects.toBeInstanceOf(RateLimitError);
    });

    it('applies the rateLimits policies it is given', async () => {
      const sent: string[] = [];
      const tool = defineTool({ name: 'post_update', description: 'Post.', parameters: PARAMS, invoke: (_c, { to }: { to: string }) => sent.push(to) });
      const host = { rateLimiter: memoryRateLimiter(), rateLimits: [rateLimit('post_*', { points: 1, durationMs: 60_000 })] };
      await executeToolCall(tool, { to: 'a' }, host);
      const second = await executeToolCall(tool, { to: 'b' }, host);
      expect(sent).toEqual(['a']);
      expect(second.text).toContain('Rate limit reached for post_update: 1 call per minute;');
    });
  });

  describe('duplicates and rate limits', () => {
    it('a call the duplicate policy refuses is not counted', async () => {
      const sent: string[] = [];
      const tool = defineTool({ name: 'send_email', description: 'Send.', parameters: PARAMS, duplicates: 'reject', rateLimit: { points: 2, durationMs: 60_000 }, invoke: (_c, { to }: { to: string }) => sent.push(to) });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'send_email', arguments: { to: 'a' }, callId: 'c1' }, { name: 'send_email', arguments: { to: 'a' }, callId: 'c2' }, { name: 'send_email', arguments: { to: 'b' }, callId: 'c3' }] },
        { text: 'done' },
      ]);
      const result = await new Runner({ model, rateLimiter: memoryRateLimiter() }).run(new Agent({ name: 'm', tools: [tool] }), 'go');
      expect(sent).toEqual(['a', 'b']);
      expect(String(outputsOf(result.history).c2)).toContain('Not run: this call repeats call c1');
    });
  });
});
