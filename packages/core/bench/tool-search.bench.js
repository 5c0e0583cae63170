// Tool search benchmark (not a test). Run with `npm run bench -w @toolwright/core` after
// `npm run build`. Plain JavaScript on the built package. It generates a catalogue of 10,000
// tools (names from service × verb × object, one-sentence descriptions, 1–4 parameters) and
// reports, for ToolSearchToolset:
//   - the time to build the index (first search) and the heap it adds;
//   - query latency p50/p95/p99 over 2,000 queries (2–4 words, a fifth with a typo), wall clock
//     and CPU time of the process (on a loaded machine the wall-clock tail is mostly time spent
//     waiting for a core; the CPU-time tail is the search's own, garbage collection included);
//   - recall@5: how often the tool a query was written for is among the 5 hits (and recall@1).
'use strict';
const { ToolSearchToolset, defineTool } = require('../dist/index.js');

const now = () => Number(process.hrtime.bigint()) / 1e6; // ms
const TOOLS = Number(process.env.TOOLS ?? 10_000);

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
  outer: for (const service of services) for (const verb of verbs) for (const object of objects) {
    if (tools.length >= count) break outer;
    const name = `${service}_${verb}_${object}`;
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

async function main() {
  const t0 = now();
  const { tools, specs } = generate(TOOLS);
  const defineMs = now() - t0;
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const toolset = new ToolSearchToolset({ tools, maxResults: 5 });
  const b0 = now();
  toolset.warmUp();
  const buildMs = now() - b0;
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;

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
  console.log(`  recall@5 (the intended tool among the hits, 20% of queries with a typo): ${((100 * found) / qs.length).toFixed(1)}%; ranked first: ${((100 * first) / qs.length).toFixed(1)}%`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
