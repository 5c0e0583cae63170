import { Agent } from '../../agent/agent';
import { UserError } from '../../errors/user.error';
import type { Item } from '../../items/item';
import type { RunEnvironment } from '../run-environment';
import type { RunnerOptions, RunOptions } from '../runner-options';
import type { RunState } from '../../state/run-state';
import { taskRegistryOf } from '../../tasks/running-tasks';
import { traceParentOf } from '../../tracing/nested-trace-parent';
import { lazyModule } from '../../lazy/lazy-module';
import { otelApi } from '../../tracing/otel-api';
import type { RunLifecycle } from './run-lifecycle';

// Loaded by the first run that has hooks, agent guardrails, running tasks or may trace: a plain
// run never needs them.
const loadRunLifecycle = lazyModule(() => require('./run-lifecycle') as typeof import('./run-lifecycle'));
const loadRunTracer = lazyModule(() => require('../../tracing/run-tracer') as typeof import('../../tracing/run-tracer'));

let runCounter = 0;

/**
 * The lifecycle of a run that starts now, or `undefined` when nothing needs one: no runner hooks,
 * no agent-level guardrails or hooks on an agent reachable through handoffs, no running tasks,
 * and no span recorded (no SDK registered, or tracing off). Installs its call layer (outermost)
 * and its traced approval handler into `env`. @internal
 */
export function createRunLifecycle(
  env: RunEnvironment,
  options: RunnerOptions,
  runOptions: RunOptions<any>,
  input: string | Item[] | RunState<any>,
  agent: Agent<any>,
): RunLifecycle | undefined {
  checkLifecycleOptions(options);
  // RunTracer.start answers undefined for these two itself; checked here so that a run that cannot
  // trace does not load the tracer.
  const tracer = options.tracing?.enabled === false || otelApi() === undefined
    ? undefined
    : loadRunTracer().RunTracer.start(options.tracing, traceParentOf(runOptions), agent, env.state.id);
  const inputGuardrails = options.inputGuardrails ?? [];
  const outputGuardrails = options.outputGuardrails ?? [];
  checkTaskSource(runOptions.tasks);
  const runningTasks = options.runningTasks === true || runOptions.tasks !== undefined;
  if (!tracer && !options.hooks && inputGuardrails.length === 0 && outputGuardrails.length === 0 && !runningTasks && !graphNeedsLifecycle(agent)) {
    return undefined;
  }
  const lifecycle = new (loadRunLifecycle().RunLifecycle)(env, {
    hooks: options.hooks,
    tracer,
    inputGuardrails,
    outputGuardrails,
    tasks: runningTasks ? { registry: taskRegistryOf(env.runner ?? env), runId: `run-${++runCounter}`, ...(runOptions.tasks ? { source: runOptions.tasks } : {}) } : undefined,
    input,
  });
  install(env, lifecycle);
  if (tracer && env.approvalHandler) (env as { approvalHandler?: unknown }).approvalHandler = lifecycle.tracedApprovalHandler(env.approvalHandler);
  return lifecycle;
}

/**
 * The run's lifecycle, created on the spot for an agent with hooks or guardrails that the run
 * reached without one (an agent handed to by `ToolResult.handoff`, not listed in any `handoffs`). @internal
 */
export function lifecycleForTurn(env: RunEnvironment, agent: Agent<any>): RunLifecycle | undefined {
  if (env.lifecycle || !agentNeedsLifecycle(agent)) return env.lifecycle;
  const lifecycle = new (loadRunLifecycle().RunLifecycle)(env, { inputGuardrails: [], outputGuardrails: [], input: env.state });
  install(env, lifecycle);
  return lifecycle;
}

function install(env: RunEnvironment, lifecycle: RunLifecycle): void {
  // The calls read it per call: its layer is outermost, so hooks see a call once its input guardrails passed.
  env.lifecycle = lifecycle;
}

/** Whether an agent has hooks or agent-level guardrails. @internal */
function agentNeedsLifecycle(agent: Agent<any>): boolean {
  return agent.hooks !== undefined || agent.inputGuardrails.length > 0 || agent.outputGuardrails.length > 0;
}

/** Whether `agent` or an agent reachable from it through `handoffs` needs a lifecycle. */
function graphNeedsLifecycle(start: Agent<any>): boolean {
  if (agentNeedsLifecycle(start)) return true;
  if (start.handoffs.length === 0) return false;
  const seen = new Set<Agent<any>>([start]);
  const queue: Agent<any>[] = [start];
  while (queue.length > 0) {
    const agent = queue.pop()!;
    if (agentNeedsLifecycle(agent)) return true;
    for (const entry of agent.handoffs) {
      const next = entry instanceof Agent ? entry : (entry as { agent?: unknown }).agent;
      if (next instanceof Agent && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

const HOOK_NAMES: ReadonlySet<string> = new Set([
  'onRunStart', 'onRunEnd', 'onAgentStart', 'onAgentEnd', 'onLlmStart', 'onLlmEnd', 'onToolStart', 'onToolEnd', 'onHandoff',
]);
// An object may serve as both runner and agent hooks; the agent-only ones are not called on the runner.
const AGENT_ONLY_HOOK_NAMES: ReadonlySet<string> = new Set(['onStart', 'onEnd']);

/** Refuses malformed lifecycle options of the Runner with a `UserError` that says how to fix them. */
function checkLifecycleOptions(options: RunnerOptions): void {
  const fail = (what: string): never => {
    throw new UserError(`new Runner({ ... }): ${what}`);
  };
  const hooks = options.hooks as Record<string, unknown> | undefined;
  if (hooks !== undefined) {
    if (typeof hooks !== 'object' || hooks === null) fail('hooks must be an object of hook functions, e.g. { onToolEnd: (event) => ... }.');
    for (const [name, hook] of Object.entries(hooks)) {
      if (!HOOK_NAMES.has(name) && !AGENT_ONLY_HOOK_NAMES.has(name)) fail(`hooks has "${name}", which is not a runner hook; use ${[...HOOK_NAMES].join(', ')}.`);
      if (hook !== undefined && typeof hook !== 'function') fail(`hooks.${name} must be a function.`);
    }
  }
  for (const [field, kind, define] of [['inputGuardrails', 'agent_input', 'defineInputGuardrail'], ['outputGuardrails', 'agent_output', 'defineOutputGuardrail']] as const) {
    const list = options[field] as unknown;
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((g) => (g as { kind?: unknown })?.kind !== kind)) {
      fail(`${field} must be a list of guardrails built with ${define}({ name, check }) (tool guardrails go in \`guardrails\`).`);
    }
  }
  if (options.tracing !== undefined && (typeof options.tracing !== 'object' || options.tracing === null)) fail('tracing must be an object such as { enabled, tracerProvider, includeSensitiveData }.');
  if (options.runningTasks !== undefined && typeof options.runningTasks !== 'boolean') fail('runningTasks must be true or false.');
}

/** Refuses a `tasks` run option that is not a `TaskSource`. */
function checkTaskSource(tasks: unknown): void {
  if (tasks === undefined) return;
  const source = tasks as { list?: unknown; cancel?: unknown } | null;
  if (typeof source !== 'object' || source === null || typeof source.list !== 'function' || typeof source.cancel !== 'function') {
    throw new UserError('The run option tasks must be a TaskSource: an object with list() and cancel(id, reason), both returning promises.');
  }
}
