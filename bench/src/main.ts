/**
 * `npm run bench`: generates the tool sources, runs every scenario in fresh worker processes
 * (adapters alternating inside each), writes bench/RESULTS.md and exits non-zero when any
 * adapter failed.
 *
 * Options: --quick (fewer repetitions), --only=<scenario,...>, --adapters=<id,...>,
 * --profile (write V8 CPU profiles of every worker to bench/generated/profiles).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AdapterId } from './adapters/adapter';
import { ADAPTERS, adapterEntry } from './adapters/registry';
import { DECORATED_MODULE_ENV } from './adapters/decorated-module';
import { generateSources, type GeneratedModules } from './generate/generate-sources';
import { describe, runWorker } from './harness/child';
import { installedVersion, machineInfo } from './harness/machine';
import { consoleSummary, renderMarkdown, type BenchResults } from './harness/report';
import { rotate } from './harness/stats';
import type { SessionResult } from './scenarios/session-result';
import type { SessionScenario, WorkerTask } from './worker';

const BENCH_DIR = path.join(__dirname, '..');
const GENERATED_DIR = path.join(BENCH_DIR, 'generated');

/** Every scenario, in run order. */
const SCENARIOS = ['import', 'define', 'define-schemas', 'dispatch', 'rss', 'parallel', 'validation', 'catalogue', 'streaming'] as const;
type Scenario = (typeof SCENARIOS)[number];

interface Options {
  quick: boolean;
  only: Set<Scenario>;
  adapters: AdapterId[];
  profile: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { quick: false, only: new Set(SCENARIOS), adapters: ADAPTERS.map((a) => a.id), profile: false };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2) as [string, string?];
    if (flag === '--quick') options.quick = true;
    else if (flag === '--profile') options.profile = true;
    else if (flag === '--only') {
      const wanted = value.split(',').filter(Boolean);
      for (const w of wanted) if (!(SCENARIOS as readonly string[]).includes(w)) throw new Error(`--only: unknown scenario "${w}"; known: ${SCENARIOS.join(', ')}.`);
      options.only = new Set(wanted as Scenario[]);
    } else if (flag === '--adapters') {
      const wanted = value.split(',').filter(Boolean);
      for (const w of wanted) if (!ADAPTERS.some((a) => a.id === w)) throw new Error(`--adapters: unknown adapter "${w}"; known: ${ADAPTERS.map((a) => a.id).join(', ')}.`);
      // The floor stays in: dispatch figures are reported over it.
      options.adapters = ADAPTERS.map((a) => a.id).filter((id) => id === 'floor' || wanted.includes(id));
    } else throw new Error(`Unknown option "${arg}". Options: --quick, --only=<${SCENARIOS.join('|')},...>, --adapters=<ids>, --profile.`);
  }
  return options;
}

/** Repetitions per scenario; the full run stays within about five minutes on two cores. */
function repetitions(quick: boolean) {
  return quick
    ? { import: 2, define: 2, dispatch: 2, dispatchLong: 1, parallel: 3, validation: 2, catalogue: 1, streaming: 2 }
    : { import: 5, define: 5, dispatch: 5, dispatchLong: 2, parallel: 7, validation: 5, catalogue: 2, streaming: 5 };
}

class Collector {
  readonly results: BenchResults;

  constructor(quick: boolean) {
    this.results = { machine: machineInfo(), versions: {}, adapters: {}, errors: [], notes: [], durationS: 0, quick };
  }

  merge(scenario: string, session: SessionResult): void {
    for (const [id, r] of Object.entries(session) as Array<[AdapterId, NonNullable<SessionResult[AdapterId]>]>) {
      const into = (this.results.adapters[id] ??= { samples: {}, notes: [] });
      for (const [metric, values] of Object.entries(r.samples)) (into.samples[metric] ??= []).push(...values);
      if (r.error !== undefined) {
        into.error ??= r.error;
        this.results.errors.push({ scenario, adapter: id, error: r.error });
      }
      for (const note of r.notes) {
        if (!this.results.notes.some((n) => n.scenario === scenario && n.adapter === id && n.note === note)) {
          this.results.notes.push({ scenario, adapter: id, note });
        }
      }
    }
  }

  failTask(scenario: string, ids: AdapterId[], error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const session: SessionResult = {};
    for (const id of ids) session[id] = { samples: {}, notes: [], error: message };
    this.merge(scenario, session);
  }
}

/** Environment for every worker: where the compiled decorated Toolwright module is, once built. */
const workerEnv: Record<string, string> = {};

async function runTask(collector: Collector, scenario: string, task: WorkerTask, options: Options, timeoutMs: number): Promise<void> {
  const ids = task.kind === 'session' ? task.adapters : [task.adapter];
  const started = performance.now();
  try {
    const profileDir = options.profile ? path.join(GENERATED_DIR, 'profiles', describe(task).replace(/[^\w.-]+/g, '_')) : undefined;
    collector.merge(scenario, await runWorker(task, { timeoutMs, cpuProfileDir: profileDir, env: workerEnv }));
  } catch (error) {
    collector.failTask(scenario, ids, error);
  }
  process.stdout.write(`  ${describe(task)} ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const reps = repetitions(options.quick);
  const collector = new Collector(options.quick);
  const started = performance.now();
  const frameworks = options.adapters.filter((id) => id !== 'floor');
  const run = (s: Scenario) => options.only.has(s);

  // Always generated (cached when unchanged): Define loads them, and Toolwright's dispatch runs
  // the generated decorated methods.
  process.stdout.write('generating tool sources…\n');
  const generated: GeneratedModules = await generateSources(GENERATED_DIR, options.adapters);
  for (const [id, error] of Object.entries(generated.errors)) collector.failTask('generate', [id as AdapterId], error);
  if (generated.toolwrightDispatch) workerEnv[DECORATED_MODULE_ENV] = generated.toolwrightDispatch;

  if (run('import')) {
    process.stdout.write('import…\n');
    for (let r = 0; r < reps.import; r++) {
      for (const id of rotate(frameworks, r)) await runTask(collector, 'import', { kind: 'import', adapter: id }, options, 60_000);
    }
    for (let r = 0; r < reps.import; r++) {
      for (const id of rotate(frameworks, r)) await runTask(collector, 'import', { kind: 'import', adapter: id, format: 'esm' }, options, 60_000);
    }
  }
  if (run('import') && frameworks.includes('toolwright')) {
    // Toolwright's integrations, each after the core a program has already loaded.
    for (let r = 0; r < reps.import; r++) {
      // With reflect-metadata first: what decorators compiled without the transformer need.
      await runTask(collector, 'import', { kind: 'import-module', adapter: 'toolwright', specifiers: ['reflect-metadata', '@toolwright/core'], metric: 'import_reflect_ms', timeAll: true }, options, 60_000);
      for (const [module, metric] of [['@toolwright/openai', 'import_openai_ms'], ['@toolwright/nestjs', 'import_nestjs_ms']] as const) {
        const specifiers = ['reflect-metadata', '@toolwright/core', ...(module === '@toolwright/nestjs' ? ['@nestjs/common', '@nestjs/core'] : []), module];
        await runTask(collector, 'import', { kind: 'import-module', adapter: 'toolwright', specifiers, metric }, options, 60_000);
      }
    }
  }
  if (run('define-schemas')) {
    process.stdout.write('define from JSON schemas…\n');
    for (let r = 0; r < reps.define; r++) {
      for (const id of rotate(options.adapters, r)) await runTask(collector, 'define-schemas', { kind: 'define-schemas', adapter: id }, options, 60_000);
    }
  }
  if (run('define')) {
    process.stdout.write('define…\n');
    const ready = options.adapters.filter((id) => generated.modules[id] !== undefined);
    for (let r = 0; r < reps.define; r++) {
      for (const id of rotate(ready, r)) {
        await runTask(collector, 'define', { kind: 'define', adapter: id, modulePath: generated.modules[id]! }, options, 60_000);
      }
    }
  }
  const session = async (scenario: SessionScenario, count: number, longReps = 0, timeoutMs = 300_000) => {
    process.stdout.write(`${scenario}…\n`);
    await runTask(collector, scenario, { kind: 'session', scenario, adapters: options.adapters, reps: count, longReps }, options, timeoutMs);
  };
  if (run('dispatch')) await session('dispatch', reps.dispatch, reps.dispatchLong, 600_000);
  if (run('rss')) {
    process.stdout.write('rss…\n');
    for (const id of options.adapters) await runTask(collector, 'rss', { kind: 'rss', adapter: id }, options, 300_000);
  }
  if (run('parallel')) await session('parallel', reps.parallel);
  if (run('validation')) await session('validation', reps.validation);
  if (run('catalogue')) await session('catalogue', reps.catalogue);
  if (run('streaming')) await session('streaming', reps.streaming);

  const results = collector.results;
  results.durationS = (performance.now() - started) / 1000;
  results.machine.loadAfter = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const packages = new Set(['@toolwright/core', '@toolwright/scanner']);
  for (const id of options.adapters) for (const p of adapterEntry(id).packages) packages.add(p);
  for (const p of packages) results.versions[p] = installedVersion(p);

  fs.mkdirSync(GENERATED_DIR, { recursive: true });
  fs.writeFileSync(path.join(GENERATED_DIR, 'results.json'), JSON.stringify(results, null, 2));
  // Only a run of every scenario with every adapter replaces RESULTS.md (and the README table
  // made from it): a partial run's figures go to generated/RESULTS.partial.md.
  const complete = options.only.size === SCENARIOS.length && options.adapters.length === ADAPTERS.length;
  const written = complete ? path.join(BENCH_DIR, 'RESULTS.md') : path.join(GENERATED_DIR, 'RESULTS.partial.md');
  if (complete) {
    // The sections of the other benches (run stores, written after this one; tool search at
    // scale, by core's bench) are kept.
    const previous = fs.existsSync(written) ? fs.readFileSync(written, 'utf8') : '';
    const kept = ['run-store', 'tool-search', 'measuring']
      .map((name) => new RegExp(`<!-- ${name} bench: start -->[\\s\\S]*<!-- ${name} bench: end -->\\n?`).exec(previous)?.[0])
      .filter((section): section is string => section !== undefined);
    fs.writeFileSync(written, renderMarkdown(results) + kept.map((section) => `\n${section}`).join(''));
    execFileSync(process.execPath, [path.join(BENCH_DIR, '..', 'scripts', 'bench-readme.js')], { stdio: 'inherit' });
  } else fs.writeFileSync(written, renderMarkdown(results));
  process.stdout.write(`\n${consoleSummary(results)}\n\nwrote ${path.relative(path.join(BENCH_DIR, '..'), written)}${complete ? ' and the README table' : ''} in ${results.durationS.toFixed(0)} s\n`);
  if (results.errors.length) {
    process.stderr.write(`\n${results.errors.length} failure(s):\n${results.errors.map((e) => `- ${e.scenario} ${e.adapter}: ${e.error}`).join('\n')}\n`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
