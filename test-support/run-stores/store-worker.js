// A replica in its own Node process, for the cross-process run store tests: it resumes runs of
// the refund agent from a shared store (PostgreSQL or Redis) when the parent asks, over IPC.
// Plain JavaScript on the compiled packages (the tests build them first).
//   node store-worker.js <postgres|redis> <connection url> <secret>
'use strict';
const { Agent, Runner, ScriptedModel, defineTool } = require('@toolwright/core');

const [backend, url, secret] = process.argv.slice(2);
const store = backend === 'postgres'
  ? new (require('@toolwright/postgres').PostgresRunStore)({ connectionString: url, secret, poolConfig: { max: 2 } })
  : new (require('@toolwright/redis').RedisRunStore)({ url, secret });

/** The refund agent; `mode` says what the tool does: refund at once, or report and hang. */
function agentFor(mode) {
  const refund = defineTool({
    name: 'refund_order',
    description: 'Refund an order.',
    parameters: { type: 'object', properties: { orderId: { type: 'string' }, amount: { type: 'number' } }, required: ['orderId', 'amount'] },
    needsApproval: true,
    idempotent: false,
    invoke: async (_ctx, { orderId, amount }) => {
      process.send({ type: 'invoked', pid: process.pid, orderId });
      if (mode === 'hang-in-tool') await new Promise(() => undefined);
      process.send({ type: 'refunded', pid: process.pid, orderId, amount });
      return `Refunded ${amount} EUR on order ${orderId}.`;
    },
  });
  return new Agent({ name: 'support', instructions: 'Refund what the customer asks for.', tools: [refund] });
}

/** The scripted model: the refund first, then the answer (delayed a minute in `hang-after-tool`). */
function modelFor(mode) {
  return new ScriptedModel((request) => {
    const outputs = request.input.filter((i) => i.type === 'function_call_output');
    if (outputs.length === 0) return { toolCalls: [{ name: 'refund_order', arguments: { orderId: 'A-17', amount: 300 }, callId: 'call_refund_A-17' }] };
    return { text: `Done: ${outputs[outputs.length - 1].output}`, ...(mode === 'hang-after-tool' ? { delayMs: 60_000 } : {}) };
  });
}

process.on('message', async ({ id, runId, mode, leaseMs }) => {
  try {
    const result = await new Runner({ model: modelFor(mode) }).resume(agentFor(mode), runId, { store, ...(leaseMs ? { leaseMs } : {}) });
    process.send({ type: 'done', id, pid: process.pid, status: result.status, finalOutput: result.finalOutput });
  } catch (error) {
    process.send({ type: 'done', id, pid: process.pid, error: error && error.name, message: error && error.message });
  }
});

process.on('disconnect', () => {
  store.close().finally(() => process.exit(0));
});
process.send({ type: 'ready', pid: process.pid });
