// A replica in its own Node process, for the cross-process session tests. Plain JavaScript on
// the compiled packages. Prints one JSON line with what it did, then exits.
//   node session-worker.js <postgres|redis> <url> <sessionId> chat <name> <rounds>
//     runs <rounds> turns on the session ("<name>-<r>" → "echo: <name>-<r>"), and on every
//     other round appends a group of three items by hand
//   node session-worker.js <postgres|redis> <url> <sessionId> resume <runId> <storeSecret>
//     resumes a run kept in the run store with the session
'use strict';
const { Agent, Runner, ScriptedModel, defineTool } = require('@toolwright/core');

const [backend, url, sessionId, mode, arg1, arg2] = process.argv.slice(2);
const session = backend === 'postgres'
  ? new (require('@toolwright/postgres').PostgresSession)({ connectionString: url, id: sessionId, poolConfig: { max: 2 } })
  : new (require('@toolwright/redis').RedisSession)({ url, id: sessionId });

const refund = defineTool({
  name: 'refund_order',
  description: 'Refund an order.',
  parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
  needsApproval: true,
  invoke: (_ctx, { orderId }) => `Refunded order ${orderId}.`,
});
const agent = new Agent({ name: 'support', instructions: 'Help the customer.', tools: [refund] });
const model = new ScriptedModel((request) => {
  const last = request.input[request.input.length - 1];
  if (last && last.type === 'function_call_output') return { text: `Done: ${last.output}` };
  return { text: `echo: ${last && last.content}` };
});

async function main() {
  const runner = new Runner({ model });
  if (mode === 'chat') {
    const rounds = Number(arg2);
    for (let r = 0; r < rounds; r++) {
      await runner.run(agent, `${arg1}-${r}`, { session });
      if (r % 2 === 1) await session.addItems([1, 2, 3].map((n) => ({ type: 'message', role: 'user', content: `${arg1}-${r}-group-${n}` })));
    }
    return { ok: true };
  }
  const store = backend === 'postgres'
    ? new (require('@toolwright/postgres').PostgresRunStore)({ connectionString: url, secret: arg2, poolConfig: { max: 2 } })
    : new (require('@toolwright/redis').RedisRunStore)({ url, secret: arg2 });
  try {
    const result = await runner.resume(agent, arg1, { store, session });
    return { ok: true, status: result.status, finalOutput: result.finalOutput };
  } finally {
    await store.close();
  }
}

main().then(
  (out) => session.close().then(() => process.stdout.write(`${JSON.stringify(out)}\n`)),
  (error) => session.close().finally(() => {
    process.stdout.write(`${JSON.stringify({ ok: false, error: error && error.name, message: error && error.message })}\n`);
    process.exitCode = 1;
  }),
);
