// Runner overhead benchmark (not a test). Run with `npm run bench -w @toolwright/core` after
// `npm run build` (the root `npm run bench` does both). Plain JavaScript on the built package,
// so it needs no TypeScript loader. It measures, through ScriptedModel with trivial tools:
//   - the runner's own overhead per tool call at 100 turns × 10 calls and 1,000 turns × 1 call,
//     against calling the same tool functions directly;
//   - whether that overhead grows with the length of the conversation (first vs last turns);
//   - the wall time of one batch of 10 parallel tools that each wait 50 ms.
'use strict';
const { Agent, Runner, ScriptedModel, defineTool } = require('../dist/index.js');

const now = () => Number(process.hrtime.bigint()) / 1e6; // ms

function trivialTools(count) {
  return Array.from({ length: count }, (_, i) =>
    defineTool({
      name: `tool_${i}`,
      description: `Trivial tool ${i}.`,
      parameters: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
      invoke: (_ctx, args) => args.value,
    }),
  );
}

/** A script of `turns` turns of `perTurn` calls, then a final answer; records when each turn was asked. */
function script(turns, perTurn, tools, askedAt) {
  const steps = [];
  for (let t = 0; t < turns; t++) {
    const toolCalls = [];
    for (let c = 0; c < perTurn; c++) toolCalls.push({ name: tools[c % tools.length].name, arguments: `{"value":"t${t}c${c}"}`, callId: `c${t}_${c}` });
    steps.push(() => (askedAt.push(now()), { toolCalls }));
  }
  steps.push(() => (askedAt.push(now()), { text: 'done' }));
  return steps;
}

async function direct(tools, turns, perTurn) {
  const ctx = { context: undefined, usage: {}, toolName: '', callId: '', arguments: '', signal: new AbortController().signal, agent: undefined, emit() {} };
  const start = now();
  for (let t = 0; t < turns; t++) for (let c = 0; c < perTurn; c++) await tools[c % tools.length].invoke(ctx, { value: `t${t}c${c}` });
  return now() - start;
}

async function scenario(turns, perTurn, repetitions) {
  const tools = trivialTools(Math.max(perTurn, 1));
  const agent = new Agent({ name: 'bench', tools });
  const runner = new Runner({ maxTurns: turns + 1, maxToolConcurrency: perTurn });
  const runs = [];
  for (let r = 0; r < repetitions; r++) {
    const askedAt = [];
    const model = new ScriptedModel(script(turns, perTurn, tools, askedAt));
    const start = now();
    const result = await runner.run(agent.clone({ model }), 'go');
    const total = now() - start;
    if (result.finalOutput !== 'done') throw new Error('bench run did not finish');
    const directMs = await direct(tools, turns, perTurn);
    // Overhead of the first and last tenth of the turns (time between model requests).
    const tenth = Math.max(1, Math.floor(turns / 10));
    const span = (from, to) => askedAt[to] - askedAt[from];
    const early = span(0, tenth) / (tenth * perTurn);
    const late = span(turns - tenth, turns) / (tenth * perTurn);
    runs.push({ early: early * 1000, late: late * 1000, total, directMs });
  }
  // The machine may be shared: compare the least disturbed run with the least disturbed direct
  // loop (best), and medians with medians.
  const calls = turns * perTurn;
  const sorted = (key) => runs.map((r) => r[key]).sort((a, b) => a - b);
  const median = (values) => values[Math.floor(values.length / 2)];
  const totals = sorted('total');
  const directs = sorted('directMs');
  return {
    best: ((totals[0] - directs[0]) / calls) * 1000,
    median: ((median(totals) - median(directs)) / calls) * 1000,
    early: sorted('early')[0],
    late: sorted('late')[0],
  };
}

async function parallel(repetitions) {
  const sleepers = Array.from({ length: 10 }, (_, i) =>
    defineTool({ name: `wait_${i}`, description: 'Waits 50 ms.', parameters: { type: 'object', properties: {} }, invoke: () => new Promise((r) => setTimeout(() => r('ok'), 50)) }),
  );
  const agent = new Agent({ name: 'parallel', tools: sleepers });
  const runner = new Runner({ maxToolConcurrency: 10 });
  const times = [];
  for (let r = 0; r < repetitions; r++) {
    const model = new ScriptedModel([{ toolCalls: sleepers.map((t) => ({ name: t.name, arguments: '{}' })) }, { text: 'done' }]);
    const start = now();
    await runner.run(agent.clone({ model }), 'go');
    times.push(now() - start);
  }
  times.sort((a, b) => a - b);
  return { best: times[0], median: times[Math.floor(times.length / 2)] };
}

async function main() {
  // Warm up the JIT and the schema compiler.
  await scenario(50, 10, 3);
  await scenario(200, 1, 3);
  const wide = await scenario(100, 10, 15);
  const long = await scenario(1000, 1, 15);
  const wall = await parallel(15);
  const fmt = (n) => n.toFixed(2).padStart(9);
  const growth = (row) => row.late / row.early;
  const met = (ok) => (ok ? 'yes' : 'NO');
  console.log('Toolwright runner benchmark (ScriptedModel, trivial tools, 15 runs each)');
  console.log('overhead per call = (run time - direct calls of the same tools) / calls, wall clock');
  console.log('scenario                best µs/call  median µs/call  first 10% µs/call  last 10% µs/call   growth  goal                          met');
  const row = (name, r, goal, ok) =>
    console.log(`${name.padEnd(24)}${fmt(r.best)}     ${fmt(r.median)}        ${fmt(r.early)}         ${fmt(r.late)}   ${growth(r).toFixed(2).padStart(5)}×  ${goal.padEnd(30)}${met(ok)}`);
  row('100 turns × 10 calls', wide, 'median ≤ 10 µs per call', wide.median <= 10);
  row('1,000 turns × 1 call', long, 'median ≤ 20 µs, growth ≤ 1.3×', long.median <= 20 && growth(long) <= 1.3);
  console.log(`10 parallel tools × 50 ms: best ${wall.best.toFixed(2)} ms, median ${wall.median.toFixed(2)} ms for the whole run (goal ≤ 51.5 ms: ${met(wall.median <= 51.5)})`);
  console.log('(first/last 10%: time per call between model requests, early vs late in the conversation; growth = last ÷ first, must stay ≤ 1.3×)');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
