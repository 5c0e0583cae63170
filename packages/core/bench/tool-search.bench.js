// Tool search benchmark (not a test). Run with `npm run bench:core` after `npm run build`. Plain
// JavaScript on the built package. For catalogues of 1,000, 10,000 and 100,000 tools (names from
// service × verb × object, numbered past 12,500, one-sentence descriptions, 1–4 parameters;
// TOOL_SIZES=1000,10000 to choose) it reports, for ToolSearchToolset:
//   - the time to build the index (warmUp, once per toolset; the first index of these tool objects,
//     so every tool's words are read) and the heap the catalogue and index add;
//   - offering the catalogue to a new run of an agent holding the toolset (index shared between
//     runs): from runner.run to the model's first request;
//   - offering it with a new toolset, as the main bench's catalogue scenario does: new
//     ToolSearchToolset over the same tool objects + warmUp + a run to the model's first request
//     (the tools' words are cached by tool object; the index itself is rebuilt);
//   - query latency p50/p95/p99 over 2,000 queries (2–4 words, a fifth with a typo), wall clock
//     and CPU time of the process (on a loaded machine the wall-clock tail is mostly time spent
//     waiting for a core; the CPU-time tail is the search's own, garbage collection included);
//   - recall@5: how often the tool a query was written for is among the 5 hits (and recall@1).
// It writes the figures to the "Tool search at scale" section of bench/RESULTS.md.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Agent, Runner, ScriptedModel, ToolSearchToolset, defineTool } = require('../dist/index.js');

const now = () => Number(process.hrtime.bigint()) / 1e6; // ms
const SIZES = (process.env.TOOL_SIZES ?? '1000,10000,100000').split(',').map(Number);
const RESULTS = path.join(__dirname, '..', '..', '..', 'bench', 'RESULTS.md');

const services = ['slack', 'github', 'jira', 'calendar', 'gmail', 'drive', 'stripe', 'hubspot', 'zendesk', 'notion', 'asana', 'dropbox', 'twilio', 'shopify', 'salesforce', 'linear', 'trello', 'figma', 'sentry', 'datadog', 'okta', 'aws', 'gcp', 'azure', 'intercom'];
const verbs = ['create', 'update', 'delete', 'get', 'list', 'search', 'archive', 'restore', 'export', 'import', 'share', 'assign', 'close', 'reopen', 'merge', 'sync', 'approve', 'reject', 'schedule', 'cancel'];
const objects = ['message', 'channel', 'issue', 'pull_request', 'event', 'email', 'file', 'folder', 'invoice', 'customer', 'ticket', 'page', 'task', 'project', 'comment', 'user', 'group', 'order', 'product', 'refund', 'subscription', 'report', 'dashboard', 'alert', 'deployment'];
const paramNames = ['id', 'title', 'body', 'owner', 'due_date', 'priority', 'labels', 'amount', 'currency', 'email_address', 'limit', 'cursor', 'query', 'status', 'assignee'];

let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const pick = (list) => list[Math.floor(rand() * list.length)];

function generate(count) {
  const tools = [];
  const specs = [];
  outer: for (let round = 0; ; round++) for (const service of services) for (const verb of verbs) for (const object of objects) {
    if (tools.length >= count) break outer;
    const name = `${service}_${verb}_${object}${round === 0 ? '' : `_v${round + 1}`}`;
    const properties = {};
    const n = 1 + Math.floor(rand() * 4);
    for (let i = 0; i < n; i++) properties[pick(paramNames)] = { type: 'string' };
    const words = object.replace('_', ' ');
    tools.push(
      defineTool({
        name,
        description: `${verb[0].toUpperCase()}${verb.slice(1)} a ${words} in ${service}. Uses the ${service} API on behalf of the user.`,
        parameters: { type: 'object', properties, required: Object.keys(properties) },
        invoke: () => 'ok',
      }),
    );
    specs.push({ name, service, verb, object: words });
  }
  return { tools, specs };
}

function typo(word) {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(rand() * (word.length - 2));
  return word.slice(0, i) + word.slice(i + 1); // drop one letter
}

function queries(specs, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const s = pick(specs);
    const parts = rand() < 0.5 ? [s.verb, s.object, s.service] : [s.service, s.object, s.verb];
    let words = parts.join(' ').split(' ');
    if (rand() < 0.2) words = words.map((w, j) => (j === 1 ? typo(w) : w));
    out.push({ text: words.join(' '), expected: s.name });
  }
  return out;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** From runner.run to the model's first request, for a new run of an agent holding `toolset`. */
async function offerMs(toolset) {
  let first = 0;
  const model = new ScriptedModel(() => {
    first ||= now();
    return { text: 'done' };
  });
  const agent = new Agent({ name: 'bench', instructions: 'Find the right tool.', tools: [toolset], model });
  const t0 = now();
  await new Runner({ model }).run(agent, 'go');
  return first - t0;
}

/** From `new ToolSearchToolset` (+ warmUp) to the model's first request of a run of an agent holding it. */
async function newToolsetOfferMs(tools) {
  let first = 0;
  const model = new ScriptedModel(() => {
    first ||= now();
    return { text: 'done' };
  });
  const t0 = now();
  const toolset = new ToolSearchToolset({ tools, maxResults: 5 });
  toolset.warmUp();
  const agent = new Agent({ name: 'bench', instructions: 'Find the right tool.', tools: [toolset], model });
  await new Runner({ model }).run(agent, 'go');
  return first - t0;
}

async function measure(size) {
  seed = 42;
  const t0 = now();
  const { tools, specs } = generate(size);
  const defineMs = now() - t0;
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const toolset = new ToolSearchToolset({ tools, maxResults: 5 });
  const b0 = now();
  toolset.warmUp();
  const buildMs = now() - b0;
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;

  const offers = [];
  for (let i = 0; i < 30; i++) offers.push(await offerMs(toolset));
  offers.sort((a, b) => a - b);
  const newOffers = [];
  for (let i = 0; i < 10; i++) {
    global.gc?.();
    newOffers.push(await newToolsetOfferMs(tools));
  }
  newOffers.sort((a, b) => a - b);

  const qs = queries(specs, 2_000);
  for (const q of qs.slice(0, 100)) toolset.search(q.text); // warm-up
  const times = [];
  const cpuTimes = [];
  let found = 0;
  let first = 0;
  for (const q of qs) {
    const c = process.cpuUsage();
    const s = now();
    const hits = toolset.search(q.text);
    times.push(now() - s);
    const used = process.cpuUsage(c);
    cpuTimes.push((used.user + used.system) / 1000);
    if (hits.some((h) => h.name === q.expected)) found++;
    if (hits[0]?.name === q.expected) first++;
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  console.log(`ToolSearchToolset, ${toolset.size.toLocaleString('en')} tools (defineTool for all of them: ${defineMs.toFixed(0)} ms)`);
  console.log(`  index build (first search): ${buildMs.toFixed(0)} ms; heap added by the index and catalogue: ${global.gc ? mb(heapAfter - heapBefore) + ' MB' : 'run with --expose-gc'}`);
  console.log(`  query latency over ${qs.length} queries: p50 ${pct(times, 50).toFixed(2)} ms, p95 ${pct(times, 95).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms (target p50 < 2 ms)`);
  console.log(`  CPU time per query: p50 ${pct(cpuTimes, 50).toFixed(2)} ms, p95 ${pct(cpuTimes, 95).toFixed(2)} ms, p99 ${pct(cpuTimes, 99).toFixed(2)} ms`);
  console.log(`  offer to a new run (index shared): p50 ${pct(offers, 50).toFixed(2)} ms`);
  console.log(`  offer with a new toolset over the same tools (construct + warmUp + run to first request): p50 ${pct(newOffers, 50).toFixed(1)} ms, max ${newOffers[newOffers.length - 1].toFixed(1)} ms`);
  console.log(`  recall@5 (the intended tool among the hits, 20% of queries with a typo): ${((100 * found) / qs.length).toFixed(1)}%; ranked first: ${((100 * first) / qs.length).toFixed(1)}%`);
  return {
    size: toolset.size,
    buildMs,
    heapMb: global.gc ? mb(heapAfter - heapBefore) : 'n/a',
    offerMs: pct(offers, 50),
    newOfferMs: pct(newOffers, 50),
    query: [pct(times, 50), pct(times, 95)],
    cpu: [pct(cpuTimes, 50), pct(cpuTimes, 95)],
    recall5: (100 * found) / qs.length,
    recall1: (100 * first) / qs.length,
  };
}

const START = '<!-- tool-search bench: start -->';
const END = '<!-- tool-search bench: end -->';

function section(rows) {
  const f = (v) => (v < 1 ? v.toFixed(3) : v < 10 ? v.toFixed(2) : v.toFixed(1));
  return [
    '## Tool search at scale',
    '',
    '`node --expose-gc packages/core/bench/tool-search.bench.js` (part of `npm run bench`): a generated catalogue',
    '(service × verb × object names, one-sentence descriptions, 1–4 parameters), 2,000 queries of 2–4 words, a',
    'fifth with a typo. Build: `warmUp()` of the first toolset over these tools (every tool\'s words read). Offer: a',
    'new run of an agent holding the toolset, from `runner.run` to the model\'s first request (the index is shared',
    'between runs; median of 30). New toolset: `new ToolSearchToolset` over the same tools + `warmUp()` + a run to the',
    'model\'s first request, as the main table\'s catalogue row measures it (words cached by tool object, index rebuilt;',
    'median of 10). Query:',
    '`toolset.search(text)`, wall and CPU time of the process (CPU time is the search\'s own, less sensitive to a',
    'loaded machine).',
    '',
    '| tools | build ms | heap MB | offer ms | new toolset ms | query p50 ms | p95 | CPU p50 ms | CPU p95 | recall@5 | @1 |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.size.toLocaleString('en-US')} | ${f(r.buildMs)} | ${r.heapMb} | ${f(r.offerMs)} | ${f(r.newOfferMs)} | ${f(r.query[0])} | ${f(r.query[1])} | ${f(r.cpu[0])} | ${f(r.cpu[1])} | ${r.recall5.toFixed(1)}% | ${r.recall1.toFixed(1)}% |`),
    '',
    `${new Date().toISOString()}, ${os.cpus().length} logical cores, load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}.`,
    '',
  ].join('\n');
}

async function main() {
  const rows = [];
  for (const size of SIZES) rows.push(await measure(size));
  if (!fs.existsSync(RESULTS)) return;
  const text = fs.readFileSync(RESULTS, 'utf8');
  const block = `${START}\n${section(rows)}${END}\n`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  const next = from >= 0 && to > from ? text.slice(0, from) + block + text.slice(to + END.length + 1) : `${text.trimEnd()}\n\n${block}`;
  fs.writeFileSync(RESULTS, next);
  console.log('wrote the tool search section of bench/RESULTS.md');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
