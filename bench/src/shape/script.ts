import type { ToolSpec } from './tool-spec';
import { typicalArgs } from './tool-spec';

/** One function call the scripted model makes; `arguments` is JSON text, as a real model sends. */
export interface ScriptedCall {
  callId: string;
  name: string;
  arguments: string;
}

/**
 * What a scripted model answers: turn k makes the calls `turns[k]`; the turn after the last
 * answers with `FINAL_TEXT`. The model never reads the conversation, so any growth in cost with
 * the history is the framework's own.
 */
export interface Script {
  turns: ScriptedCall[][];
}

/** The scripted model's final answer. */
export const FINAL_TEXT = 'done';

/** `turns` turns of `callsPerTurn` calls each, cycling over `specs` with valid typical arguments. */
export function callScript(specs: ToolSpec[], turns: number, callsPerTurn: number): Script {
  let seq = 0;
  const out: ScriptedCall[][] = [];
  for (let t = 0; t < turns; t++) {
    const calls: ScriptedCall[] = [];
    for (let c = 0; c < callsPerTurn; c++) {
      const spec = specs[seq % specs.length]!;
      calls.push({ callId: `call_${t}_${c}`, name: spec.name, arguments: JSON.stringify(typicalArgs(spec, seq)) });
      seq++;
    }
    out.push(calls);
  }
  return { turns: out };
}

/** Total number of calls in a script. */
export function callCount(script: Script): number {
  return script.turns.reduce((n, calls) => n + calls.length, 0);
}

/**
 * Timestamps a scripted model records: when each request arrives and when each response is
 * handed back. The gap between a response and the next request is the framework's time for that
 * turn (tool execution, history bookkeeping, building the next request).
 */
export class ModelClock {
  readonly requests: number[] = [];
  readonly responses: number[] = [];

  requestArrived(): void {
    this.requests.push(performance.now());
  }

  responseSent(): void {
    this.responses.push(performance.now());
  }

  /** Framework time between response k and request k+1, for every turn that had a next request. */
  turnGaps(): number[] {
    const gaps: number[] = [];
    for (let k = 0; k + 1 < this.requests.length && k < this.responses.length; k++) {
      gaps.push(this.requests[k + 1]! - this.responses[k]!);
    }
    return gaps;
  }
}

/** The catalogue script for a framework without tool search: one direct call per query target. */
export function directCatalogueScript(queries: ToolSpec[]): Script {
  return {
    turns: queries.map((q, i) => [{ callId: `q_${i}`, name: q.name, arguments: JSON.stringify(typicalArgs(q, i)) }]),
  };
}
