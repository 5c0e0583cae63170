/**
 * Prints where the time of a V8 CPU profile goes (from `npm run bench -- --profile`, or any
 * `node --cpu-prof` output): the functions with the most self time and with the most inclusive
 * time, and self time per file.
 *
 *   node bench/dist/profile-summary.js <file.cpuprofile> [top=25] [filter]
 *
 * `filter` keeps only the rows whose function or file contains it (e.g. `packages/core`).
 */
import * as fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self and inclusive milliseconds per function, and self milliseconds per file. */
export interface ProfileSummary {
  totalMs: number;
  self: Array<[string, number]>;
  inclusive: Array<[string, number]>;
  files: Array<[string, number]>;
}

function shortUrl(url: string): string {
  return url.replace(/^.*node_modules\//, '').replace(/^file:\/\//, '').replace(/^.*?\/(packages|bench|examples)\//, '$1/');
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`;
}

/** Summarises a parsed profile. */
export function summarizeProfile(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const selfById = new Map<number, number>();
  profile.samples.forEach((id, i) => selfById.set(id, (selfById.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const files = new Map<string, number>();
  let totalMs = 0;
  for (const [id, ms] of selfById) {
    totalMs += ms;
    const node = byId.get(id)!;
    self.set(label(node), (self.get(label(node)) ?? 0) + ms);
    const file = shortUrl(node.callFrame.url) || node.callFrame.functionName;
    files.set(file, (files.get(file) ?? 0) + ms);
    // Each function counts once per sample, however deep it recurses.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const key = label(byId.get(cur)!);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { totalMs, self: sorted(self), inclusive: sorted(inclusive), files: sorted(files) };
}

if (require.main === module) {
  const [file, topArg, filter = ''] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: node dist/profile-summary.js <file.cpuprofile> [top=25] [filter]\n');
    process.exit(2);
  }
  const top = Number(topArg ?? 25);
  const summary = summarizeProfile(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
  const print = (title: string, rows: Array<[string, number]>) => {
    process.stdout.write(`\n${title}\n`);
    for (const [name, ms] of rows.filter(([name]) => name.includes(filter)).slice(0, top)) {
      process.stdout.write(`${ms.toFixed(1).padStart(9)} ms  ${name}\n`);
    }
  };
  process.stdout.write(`total ${summary.totalMs.toFixed(1)} ms sampled\n`);
  print('self time', summary.self);
  print('inclusive time', summary.inclusive);
  print('self time per file', summary.files);
}
