import type { AdapterId } from '../adapters/adapter';
import { ADAPTERS, PEERS } from '../adapters/registry';
import type { AdapterResult } from '../scenarios/session-result';
import type { MachineInfo } from './machine';
import { summarize, type Summary } from './stats';

/** Everything one `npm run bench` produced. */
export interface BenchResults {
  machine: MachineInfo;
  versions: Record<string, string>;
  adapters: Partial<Record<AdapterId, AdapterResult>>;
  errors: Array<{ scenario: string; adapter: AdapterId | 'harness'; error: string }>;
  notes: Array<{ scenario: string; adapter: AdapterId; note: string }>;
  durationS: number;
  quick: boolean;
}

/** One figure of one adapter: a summary of samples, or a single derived number. */
type Figure = { median: number; min?: number; max?: number; n?: number };

interface Row {
  scenario: string;
  metric: string;
  figure(id: AdapterId): Figure | null;
  /** Toolwright's target, as text and as a test of its median. */
  target?: { text: string; met(value: number): boolean };
}

function samplesOf(results: BenchResults, id: AdapterId, key: string): number[] {
  return results.adapters[id]?.samples[key] ?? [];
}

function summaryFigure(results: BenchResults, key: string) {
  return (id: AdapterId): Figure | null => {
    const s = samplesOf(results, id, key);
    return s.length ? summarize(s) : null;
  };
}

function medianOf(results: BenchResults, id: AdapterId, key: string): number | null {
  const s = samplesOf(results, id, key);
  return s.length ? summarize(s).median : null;
}

function overFloor(results: BenchResults, key: string) {
  return (id: AdapterId): Figure | null => {
    if (id === 'floor') return null;
    const own = medianOf(results, id, key);
    const floor = medianOf(results, 'floor', key);
    return own === null || floor === null ? null : { median: own - floor };
  };
}

function growth(results: BenchResults) {
  return (id: AdapterId): Figure | null => {
    const wide = medianOf(results, id, 'dispatch_100x10_us');
    const long = medianOf(results, id, 'dispatch_1000x1_us');
    return wide === null || long === null ? null : { median: long / wide };
  };
}

/** The rows of the table, in report order. */
export function rows(results: BenchResults): Row[] {
  const s = (key: string) => summaryFigure(results, key);
  return [
    // Issue 29: one goal for both ways of loading core (one module instance, the same files).
    { scenario: 'Import', metric: 'require() in a fresh process, ms', figure: s('import_ms'), target: { text: '≤ 40', met: (v) => v <= 40 } },
    { scenario: 'Import', metric: 'import() (ES modules) in a fresh process, ms', figure: s('import_esm_ms'), target: { text: '≤ 40', met: (v) => v <= 40 } },
    { scenario: 'Import', metric: 'reflect-metadata, then @toolwright/core (decorators compiled without the transformer), ms', figure: s('import_reflect_ms') },
    { scenario: 'Import', metric: '@toolwright/openai after core, ms', figure: s('import_openai_ms') },
    { scenario: 'Import', metric: '@toolwright/nestjs after core and Nest, ms', figure: s('import_nestjs_ms') },
    { scenario: 'Define (JSON schemas)', metric: '1,000 tools from JSON schemas + the wire JSON, cold, ms', figure: s('define_schemas_ms'), target: { text: '≤ 25', met: (v) => v <= 25 } },
    { scenario: 'Define (JSON schemas)', metric: 'same, over floor, ms', figure: overFloor(results, 'define_schemas_ms') },
    { scenario: 'Define (JSON schemas)', metric: 'retained heap, MB', figure: s('define_schemas_heap_mb'), target: { text: '≤ 5', met: (v) => v <= 5 } },
    { scenario: 'Define (JSON schemas)', metric: "a tool's first call beyond its second (validator compiled, ajv loaded), ms", figure: s('first_call_ms') },
    // Loading the generated module of 1,000 classes is the floor's cost too (tens of ms): the
    // target is on what Toolwright adds to it.
    { scenario: 'Define', metric: '1,000 tools, cold, ms', figure: s('define_cold_ms') },
    { scenario: 'Define', metric: '1,000 tools, cold, over floor (the same tools as plain object literals), ms', figure: overFloor(results, 'define_cold_ms'), target: { text: '≤ 25', met: (v) => v <= 25 } },
    { scenario: 'Define', metric: '1,000 tools, retained heap, MB', figure: s('define_heap_mb'), target: { text: '≤ 5', met: (v) => v <= 5 } },
    { scenario: 'Dispatch', metric: '100 turns × 10 calls, µs per call', figure: s('dispatch_100x10_us') },
    { scenario: 'Dispatch', metric: '100 turns × 10 calls, µs per call over floor', figure: overFloor(results, 'dispatch_100x10_us'), target: { text: '≤ 15', met: (v) => v <= 15 } },
    { scenario: 'Dispatch', metric: '1,000 turns × 1 call, µs per call', figure: s('dispatch_1000x1_us') },
    { scenario: 'Dispatch', metric: '1,000 turns × 1 call, µs per call over floor', figure: overFloor(results, 'dispatch_1000x1_us'), target: { text: '≤ 15', met: (v) => v <= 15 } },
    { scenario: 'Dispatch', metric: 'growth: per call at 1,000×1 ÷ at 100×10', figure: growth(results), target: { text: '≤ 2', met: (v) => v <= 2 } },
    { scenario: 'Dispatch', metric: '1,000 turns × 1 call, peak RSS of its own process, MB', figure: s('rss_peak_mb'), target: { text: '< 100', met: (v) => v < 100 } },
    { scenario: 'Dispatch', metric: 'same process before the run (framework loaded), RSS MB', figure: s('rss_before_mb') },
    { scenario: 'Parallel I/O', metric: '10 calls × 50 ms in one turn, wall ms', figure: s('parallel_ms'), target: { text: '≤ 51.5', met: (v) => v <= 51.5 } },
    { scenario: 'Validation', metric: 'typical argument object, ns each', figure: s('validation_ns'), target: { text: '< 50', met: (v) => v < 50 } },
    { scenario: 'Validation', metric: 'same, from the JSON text (parse + validate), ns each', figure: s('validation_json_ns') },
    { scenario: 'Catalogue', metric: '10,000 tools: time to offer, ms', figure: s('catalogue_offer_ms') },
    { scenario: 'Catalogue', metric: '10,000 tools: per-query latency, ms', figure: s('catalogue_query_ms') },
    { scenario: 'Streaming', metric: 'tool emit → consumer receives progress, µs', figure: s('stream_us') },
  ];
}

/** A number with about three significant digits. */
export function fmt(v: number): string {
  const a = Math.abs(v);
  if (a >= 1000) return Math.round(v).toLocaleString('en-US');
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  return v.toFixed(3);
}

function cell(f: Figure | null, error: string | undefined): string {
  if (error && !f) return 'FAILED';
  if (!f) return 'n/a';
  if (f.min === undefined || f.max === undefined || f.n === 1) return `**${fmt(f.median)}**`;
  return `**${fmt(f.median)}** <sub>${fmt(f.min)}–${fmt(f.max)}</sub>`;
}

/** Toolwright's median over the best (lowest) peer median, naming that peer. */
function ratioToBestPeer(row: Row): string {
  const own = row.figure('toolwright');
  let best: { id: AdapterId; v: number } | null = null;
  for (const id of PEERS) {
    const f = row.figure(id);
    if (f && (best === null || f.median < best.v)) best = { id, v: f.median };
  }
  if (!own || !best) return 'n/a';
  if (best.v <= 0) return `n/a (best peer ${fmt(best.v)})`;
  const label = ADAPTERS.find((a) => a.id === best!.id)!.label.split(' ')[0];
  return `${fmt(own.median / best.v)}× (${label})`;
}

/** The RESULTS.md text. */
export function renderMarkdown(results: BenchResults): string {
  const ids = ADAPTERS.map((a) => a.id);
  const errorOf = (id: AdapterId) => results.adapters[id]?.error;
  const lines: string[] = [];
  lines.push('# Toolwright benchmark results', '');
  lines.push('Regenerated by `npm run bench` (see `bench/README.md` for what each scenario measures).');
  lines.push('Medians in bold, min–max of the samples beside them. Lower is better everywhere.');
  lines.push('"vs best peer" is Toolwright\'s median divided by the lower of the two peers\' medians.', '');
  if (results.quick) lines.push('> **Quick run** (`--quick`): fewer repetitions; use the full run for figures to quote.', '');
  lines.push(`| Scenario | Metric | ${ADAPTERS.map((a) => a.label).join(' | ')} | vs best peer | Toolwright target | met |`);
  lines.push(`|---|---|${ids.map(() => '---:').join('|')}|---:|---:|:---:|`);
  for (const row of rows(results)) {
    const tw = row.figure('toolwright');
    const met = !row.target ? '' : !tw ? 'n/a' : row.target.met(tw.median) ? 'yes' : '**no**';
    lines.push(
      `| ${row.scenario} | ${row.metric} | ${ids.map((id) => cell(row.figure(id), errorOf(id))).join(' | ')} | ${ratioToBestPeer(row)} | ${row.target?.text ?? ''} | ${met} |`,
    );
  }
  lines.push('');
  if (results.notes.length) {
    lines.push('## How each framework was driven', '');
    for (const n of results.notes) lines.push(`- ${n.scenario}, ${labelOf(n.adapter)}: ${n.note}`);
    lines.push('');
  }
  if (results.errors.length) {
    lines.push('## Failures', '');
    for (const e of results.errors) lines.push(`- ${e.scenario}, ${e.adapter === 'harness' ? 'harness' : labelOf(e.adapter)}: ${oneLine(e.error)}`);
    lines.push('');
  }
  const m = results.machine;
  lines.push('## Machine and versions', '');
  lines.push(`- Date: ${m.date}; total run time ${Math.round(results.durationS)} s`);
  lines.push(`- Node ${m.node} on ${m.platform}; ${m.cpu}, ${m.cores} logical cores, ${m.memoryGb} GB`);
  lines.push(`- Load average (1/5/15 min) before: ${m.loadBefore.join(' / ')}; after: ${(m.loadAfter ?? []).join(' / ')}`);
  lines.push(`- Packages: ${Object.entries(results.versions).map(([k, v]) => `\`${k}\` ${v}`).join(', ')}`);
  lines.push('');
  return lines.join('\n');
}

function labelOf(id: AdapterId): string {
  return ADAPTERS.find((a) => a.id === id)?.label ?? id;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ⏎ ').replace(/\|/g, '\\|');
}

/** Summaries keyed by metric, for the console. */
export function consoleSummary(results: BenchResults): string {
  const out: string[] = [];
  for (const row of rows(results)) {
    const parts = ADAPTERS.map((a) => {
      const f = row.figure(a.id);
      return `${a.id}=${f ? fmt(f.median) : 'n/a'}`;
    });
    out.push(`${row.scenario} — ${row.metric}: ${parts.join('  ')}`);
  }
  return out.join('\n');
}

export type { Summary };
