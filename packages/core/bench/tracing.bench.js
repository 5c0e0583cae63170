// Tracing overhead benchmark (not a test): what OpenTelemetry tracing costs a run's dispatch.
// Run with `npm run bench:core` from the repository root after `npm run build` (the root
// `npm run bench` does both). Same trivial tools and ScriptedModel as runner.bench.js; per call, in one process,
// variants alternating per repetition:
//   - off:     new Runner({ tracing: { enabled: false } }) — no tracing code runs at all;
//   - no SDK:  new Runner() — tracing on (the default) with no SDK registered: the API's no-op;
//   - SDK:     a BasicTracerProvider with an InMemorySpanExporter (spans recorded and exported);
//   - before:  only with TOOLWRIGHT_BENCH_BASELINE=<dist of another core build>, that build's Runner
//              (e.g. the commit before tracing), to compare "no SDK" with the code before it.
// Each sample is the mean of back-to-back runs lasting at least 150 ms; figures are medians.
'use strict';
const path = require('path');
const core = require('../dist/index.js');
const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');

const now = () => Number(process.hrtime.bigint()) / 1e6; // ms
const quick = process.argv.includes('--quick');

function trivialTools(lib, count) {
  return Array.from({ length: count }, (_, i) =>
    lib.defineTool({
      name: `tool_${i}`,
      description: `Trivial tool ${i}.`,
      parameters: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
      invoke: (_ctx, args) => args.value,
    }),
  );
}

function steps(turns, perTurn) {
  const out = [];
  for (let t = 0; t < turns; t++) {
    const toolCalls = [];
    for (let c = 0; c < perTurn; c++) toolCalls.push({ name: `tool_${c % 10}`, arguments: `{"value":"t${t}c${c}"}`, callId: `c${t}_${c}` });
    out.push({ toolCalls });
  }
  out.push({ text: 'done' });
  return out;
}

function variant(name, lib, runnerOptions, afterRun = () => undefined) {
  const tools = trivialTools(lib, 10);
  const runner = new lib.Runner({ ...runnerOptions, maxToolConcurrency: 10 });
  return {
    name,
    async run(turns, perTurn) {
      const agent = new lib.Agent({ name: 'bench', tools, model: new lib.ScriptedModel(steps(turns, perTurn)) });
      const start = now();
      const result = await runner.run(agent, 'go', { maxTurns: turns + 1 });
      const ms = now() - start;
      if (result.finalOutput !== 'done') throw new Error(`${name}: the run did not finish`);
      afterRun();
      return ms;
    },
  };
}

async function sample(v, turns, perTurn) {
  const calls = turns * perTurn;
  let total = 0;
  let runs = 0;
  const start = now();
  while (runs < 2 || now() - start < 150) {
    total += await v.run(turns, perTurn);
    runs++;
  }
  return ((total / runs) / calls) * 1000; // µs per call
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let spansPerRun = 0;
  const variants = [
    variant('off', core, { tracing: { enabled: false } }),
    variant('no SDK', core, {}),
    variant('SDK + in-memory exporter', core, { tracing: { tracerProvider: provider } }, () => {
      spansPerRun = exporter.getFinishedSpans().length;
      exporter.reset();
    }),
  ];
  const baseline = process.env.TOOLWRIGHT_BENCH_BASELINE;
  if (baseline) variants.push(variant('before (baseline build)', require(path.resolve(baseline, 'index.js')), {}));
  const shapes = [
    { label: '100 turns × 10 calls', turns: 100, perTurn: 10 },
    { label: '1,000 turns × 1 call', turns: 1000, perTurn: 1 },
  ];
  const reps = quick ? 5 : 11;
  console.log('Tracing overhead (µs per tool call through the full runner loop, medians)');
  for (const shape of shapes) {
    for (const v of variants) for (let i = 0; i < 3; i++) await v.run(shape.turns, shape.perTurn); // warm-up
    const samples = new Map(variants.map((v) => [v.name, []]));
    for (let r = 0; r < reps; r++) {
      // Rotate the order, so no variant always runs right after the same one.
      for (let i = 0; i < variants.length; i++) {
        const v = variants[(i + r) % variants.length];
        samples.get(v.name).push(await sample(v, shape.turns, shape.perTurn));
      }
    }
    const off = median(samples.get('off'));
    console.log(`  ${shape.label}:`);
    for (const v of variants) {
      const m = median(samples.get(v.name));
      const ratio = v.name === 'off' ? '' : `  (${(m / off).toFixed(3)}× off, ${(m - off >= 0 ? '+' : '')}${(m - off).toFixed(2)} µs)`;
      console.log(`    ${v.name.padEnd(26)} ${m.toFixed(2).padStart(7)} µs${ratio}`);
    }
    console.log(`    spans recorded per run with the SDK: ${spansPerRun}`);
  }
  await provider.shutdown();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
