// A replica in its own Node process, for the cross-process rate limit tests: it runs an agent whose
// model calls `send_email` once, as many runs at once as the parent asks, counting the limit in a
// shared Redis or PostgreSQL. Plain JavaScript on the compiled packages (the tests build them first).
//   node limit-worker.js <postgres|redis> <connection url>
'use strict';
const { Agent, Runner, ScriptedModel, defineTool } = require('@toolwright/core');

const [backend, url] = process.argv.slice(2);
const limiter = backend === 'postgres'
  ? require('@toolwright/postgres').postgresRateLimiter({ connectionString: url, poolConfig: { max: 4 } })
  : require('@toolwright/redis').redisRateLimiter({ url });

/** One run: the model sends one email, then answers with the call's output. */
async function oneRun(points, durationMs, userId, sent) {
  const tool = defineTool({
    name: 'send_email',
    description: 'Send an email.',
    parameters: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
    rateLimit: { points, durationMs, key: (ctx) => ctx.context.userId },
    invoke: (_ctx, { to }) => {
      sent.push(to);
      return `sent to ${to}`;
    },
  });
  const model = new ScriptedModel((request) => {
    const outputs = request.input.filter((i) => i.type === 'function_call_output');
    if (outputs.length === 0) return { toolCalls: [{ name: 'send_email', arguments: { to: 'ann@example.com' } }] };
    return { text: String(outputs[0].output) };
  });
  const result = await new Runner({ model, rateLimiter: limiter }).run(new Agent({ name: 'mailer', tools: [tool] }), 'Send it.', { context: { userId } });
  return result.finalOutput;
}

process.on('message', async ({ id, runs, points, durationMs, userId }) => {
  try {
    const sent = [];
    const answers = await Promise.all(Array.from({ length: runs }, () => oneRun(points, durationMs, userId, sent)));
    process.send({ type: 'done', id, pid: process.pid, sent: sent.length, answers });
  } catch (error) {
    process.send({ type: 'done', id, pid: process.pid, error: error && error.name, message: error && error.message });
  }
});

process.on('disconnect', () => {
  limiter.close().finally(() => process.exit(0));
});
process.send({ type: 'ready', pid: process.pid });
