/**
 * A benchmark worker: one fresh node process (started with --expose-gc) running one task, so
 * each scenario starts from a clean heap and a clean JIT. Prints one `@@RESULT <json>` line.
 */
import type { Adapter, AdapterId } from './adapters/adapter';
import { adapterEntry } from './adapters/registry';
import { catalogueSession } from './scenarios/catalogue.scenario';
import { defineCold, DEFINE_COUNT } from './scenarios/define.scenario';
import { defineSchemasCold } from './scenarios/define-schemas.scenario';
import { dispatchSession, longRunRss } from './scenarios/dispatch.scenario';
import { parallelSession } from './scenarios/parallel.scenario';
import { fail, record, type SessionResult } from './scenarios/session-result';
import { streamingSession } from './scenarios/streaming.scenario';
import { validationSession } from './scenarios/validation.scenario';
import { toolSpecs } from './shape/tool-spec';

/** The scenarios that run all adapters alternating in one process. */
export type SessionScenario = 'dispatch' | 'parallel' | 'validation' | 'catalogue' | 'streaming';

/** What a worker is asked to do. */
export type WorkerTask =
  | { kind: 'import'; adapter: AdapterId; format?: 'cjs' | 'esm' }
  | { kind: 'define'; adapter: AdapterId; modulePath: string }
  | { kind: 'define-schemas'; adapter: AdapterId }
  | { kind: 'import-module'; adapter: AdapterId; specifiers: string[]; metric: string; timeAll?: boolean }
  | { kind: 'rss'; adapter: AdapterId }
  | { kind: 'session'; scenario: SessionScenario; adapters: AdapterId[]; reps: number; longReps: number };

/**
 * `import()` as Node runs it. This file compiles to CommonJS, where TypeScript would turn an
 * `import()` expression into `require()`; a function made from source text keeps it.
 */
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

/** The line prefix the orchestrator looks for on a worker's stdout. */
export const RESULT_PREFIX = '@@RESULT ';

function loadAll(ids: AdapterId[], results: SessionResult): Adapter[] {
  const loaded: Adapter[] = [];
  for (const id of ids) {
    try {
      loaded.push(adapterEntry(id).load());
    } catch (error) {
      fail(results, id, error);
    }
  }
  return loaded;
}

async function runTask(task: WorkerTask): Promise<SessionResult> {
  const results: SessionResult = {};
  switch (task.kind) {
    case 'import': {
      // Nothing of the framework is loaded yet; time exactly what a user's program requires
      // (`require`), or imports (`import()`, each package's ES module build where it has one).
      const t0 = performance.now();
      try {
        for (const specifier of adapterEntry(task.adapter).importSpecifiers) {
          if (task.format === 'esm') await importModule(specifier);
          else require(specifier);
        }
        record(results, task.adapter, task.format === 'esm' ? 'import_esm_ms' : 'import_ms', performance.now() - t0);
      } catch (error) {
        fail(results, task.adapter, error);
      }
      return results;
    }
    case 'define': {
      const [adapter] = loadAll([task.adapter], results);
      if (!adapter) return results;
      return defineCold(adapter, task.modulePath, toolSpecs(DEFINE_COUNT));
    }
    case 'define-schemas': {
      const [adapter] = loadAll([task.adapter], results);
      if (!adapter) return results;
      return defineSchemasCold(adapter, toolSpecs(DEFINE_COUNT));
    }
    case 'import-module': {
      // The last specifier is timed alone (the ones before it are what a program loads first), or
      // all of them with timeAll.
      const t0 = performance.now();
      try {
        const timed = task.specifiers[task.specifiers.length - 1]!;
        let start = t0;
        for (const specifier of task.specifiers) {
          if (specifier === timed && !task.timeAll) start = performance.now();
          require(specifier);
        }
        record(results, task.adapter, task.metric, performance.now() - start);
      } catch (error) {
        fail(results, task.adapter, error);
      }
      return results;
    }
    case 'rss': {
      const [adapter] = loadAll([task.adapter], results);
      if (!adapter) return results;
      return longRunRss(adapter);
    }
    case 'session': {
      const adapters = loadAll(task.adapters, results);
      const session = await runSession(task, adapters);
      return { ...results, ...session };
    }
  }
}

function runSession(task: Extract<WorkerTask, { kind: 'session' }>, adapters: Adapter[]): Promise<SessionResult> {
  switch (task.scenario) {
    case 'dispatch':
      return dispatchSession(adapters, { reps: task.reps, longReps: task.longReps });
    case 'parallel':
      return parallelSession(adapters, task.reps);
    case 'validation':
      return validationSession(adapters, task.reps);
    case 'catalogue':
      return catalogueSession(adapters, task.reps);
    case 'streaming':
      return streamingSession(adapters, task.reps);
  }
}

if (require.main === module) {
  const task = JSON.parse(process.argv[2] ?? 'null') as WorkerTask | null;
  if (!task) {
    process.stderr.write('usage: node --expose-gc dist/worker.js \'<task json>\'\n');
    process.exit(2);
  }
  runTask(task).then(
    (results) => {
      process.stdout.write(`\n${RESULT_PREFIX}${JSON.stringify(results)}\n`);
      // Frameworks may leave handles open (timers, tracing exporters); the task is done.
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`worker failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
