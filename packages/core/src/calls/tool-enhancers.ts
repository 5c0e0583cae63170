import type { Tool } from '../contracts/tool';
import type { ToolInputGuardrail, ToolOutputGuardrail } from '../contracts/tool-guardrail';
import type { ToolInterceptor } from '../contracts/tool-interceptor';

/** The guardrails and interceptors one call of a tool runs through, in order. @internal */
export interface CollectedEnhancers {
  readonly inputGuardrails: readonly ToolInputGuardrail[];
  readonly outputGuardrails: readonly ToolOutputGuardrail[];
  /** Outermost first. */
  readonly interceptors: readonly ToolInterceptor[];
}

interface CacheEntry extends CollectedEnhancers {
  /** The tool's own lists they were built from (a tool whose lists were replaced is collected again). */
  readonly from: readonly [unknown, unknown, unknown];
  readonly lengths: readonly [number, number, number];
}

/**
 * The enhancers of a runner configuration (the runner's guardrails and interceptors, and a run's
 * own outermost interceptors), merged with each tool's own (toolkit, then method) once per tool
 * and reused by every later call: a `WeakMap` keyed by the tool object, held by the runner (or by
 * a run that adds interceptors of its own). Collecting is split from running them. @internal
 */
export class ToolEnhancers {
  private readonly byTool = new WeakMap<Tool, CacheEntry>();

  constructor(
    readonly inputGuardrails: readonly ToolInputGuardrail[],
    readonly outputGuardrails: readonly ToolOutputGuardrail[],
    readonly interceptors: readonly ToolInterceptor[],
  ) {}

  /** A runner's configuration: its `guardrails` sorted into input and output ones, and its interceptors. */
  static ofRunner(guardrails: ReadonlyArray<ToolInputGuardrail | ToolOutputGuardrail>, interceptors: readonly ToolInterceptor[]): ToolEnhancers {
    return new ToolEnhancers(
      guardrails.filter((g): g is ToolInputGuardrail => g.kind === 'input'),
      guardrails.filter((g): g is ToolOutputGuardrail => g.kind === 'output'),
      interceptors,
    );
  }

  /** This configuration with `outer` interceptors around its own (a run's lifecycle, its call ledger). */
  around(outer: readonly ToolInterceptor[]): ToolEnhancers {
    if (outer.length === 0) return this;
    return new ToolEnhancers(this.inputGuardrails, this.outputGuardrails, [...outer, ...this.interceptors]);
  }

  /** The enhancers of `tool`'s calls: this configuration's, then the tool's own. */
  of(tool: Tool): CollectedEnhancers {
    const cached = this.byTool.get(tool);
    if (cached && isCurrent(cached, tool)) return cached;
    const entry: CacheEntry = {
      inputGuardrails: concat(this.inputGuardrails, tool.inputGuardrails),
      outputGuardrails: concat(this.outputGuardrails, tool.outputGuardrails),
      interceptors: concat(this.interceptors, tool.interceptors),
      from: [tool.inputGuardrails, tool.outputGuardrails, tool.interceptors],
      lengths: [tool.inputGuardrails?.length ?? 0, tool.outputGuardrails?.length ?? 0, tool.interceptors?.length ?? 0],
    };
    this.byTool.set(tool, entry);
    return entry;
  }
}

function isCurrent(entry: CacheEntry, tool: Tool): boolean {
  const { from, lengths } = entry;
  return (
    from[0] === tool.inputGuardrails && from[1] === tool.outputGuardrails && from[2] === tool.interceptors &&
    lengths[0] === (tool.inputGuardrails?.length ?? 0) && lengths[1] === (tool.outputGuardrails?.length ?? 0) && lengths[2] === (tool.interceptors?.length ?? 0)
  );
}

function concat<T>(first: readonly T[], second: readonly T[] | undefined): readonly T[] {
  if (!second || second.length === 0) return first;
  if (first.length === 0) return second;
  return [...first, ...second];
}
