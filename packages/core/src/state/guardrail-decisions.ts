import { RunStateError } from '../errors/run-state.error';
import { prefixOf } from '../limits/bounded-text';

/** Where a guardrail ran: on the run's input or final output (agent level), or on one call. */
export type GuardrailDecisionStage = 'input' | 'output' | 'tool_input' | 'tool_output';

/**
 * One guardrail decision a run recorded, kept in its state (and so in run stores) for audits and
 * run viewers: every agent-level decision, and the tool guardrails that refused a call
 * (`reject`) or ended the run (`tripwire`). Allowed tool calls are not recorded (one per call
 * per guardrail would outgrow the history).
 */
export interface GuardrailDecision {
  guardrail: string;
  stage: GuardrailDecisionStage;
  outcome: 'allow' | 'reject' | 'tripwire';
  /** The agent whose turn it was. */
  agent: string;
  /** The turn (model call) it belonged to. */
  turn: number;
  toolName?: string;
  callId?: string;
  /** The guardrail's message (cut at 1,000 characters). */
  message?: string;
}

/** Most decisions a state keeps; the oldest go first. */
export const MAX_GUARDRAIL_DECISIONS = 200;
const MAX_MESSAGE = 1_000;

const STAGES: ReadonlySet<string> = new Set(['input', 'output', 'tool_input', 'tool_output']);
const OUTCOMES: ReadonlySet<string> = new Set(['allow', 'reject', 'tripwire']);

/** Appends `decision`, bounded: the message is cut, the oldest decision dropped past the limit. @internal */
export function recordDecision(list: GuardrailDecision[], decision: GuardrailDecision): void {
  const kept: GuardrailDecision = { ...decision };
  if (kept.message !== undefined) kept.message = prefixOf(String(kept.message), MAX_MESSAGE);
  list.push(kept);
  if (list.length > MAX_GUARDRAIL_DECISIONS) list.splice(0, list.length - MAX_GUARDRAIL_DECISIONS);
}

/** Reads the `guardrailDecisions` of a stored state (absent in states of version 1). @internal */
export function parseGuardrailDecisions(value: unknown): GuardrailDecision[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new RunStateError(`The run state's guardrailDecisions must be an array, got ${typeof value}.`);
  if (value.length > MAX_GUARDRAIL_DECISIONS) throw new RunStateError(`The run state holds ${value.length} guardrail decisions; at most ${MAX_GUARDRAIL_DECISIONS} are kept.`);
  return value.map((raw, i) => {
    const at = `guardrailDecisions[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RunStateError(`The run state's ${at} must be an object.`);
    const r = raw as Record<string, unknown>;
    const text = (key: string, optional: boolean): string | undefined => {
      const v = r[key];
      if (v === undefined && optional) return undefined;
      if (typeof v !== 'string') throw new RunStateError(`The run state's ${at}.${key} must be a string.`);
      return v;
    };
    if (!STAGES.has(r.stage as string)) throw new RunStateError(`The run state's ${at}.stage must be one of ${[...STAGES].join(', ')}.`);
    if (!OUTCOMES.has(r.outcome as string)) throw new RunStateError(`The run state's ${at}.outcome must be one of ${[...OUTCOMES].join(', ')}.`);
    if (!Number.isSafeInteger(r.turn) || (r.turn as number) < 0) throw new RunStateError(`The run state's ${at}.turn must be a whole number.`);
    const decision: GuardrailDecision = {
      guardrail: text('guardrail', false)!,
      stage: r.stage as GuardrailDecisionStage,
      outcome: r.outcome as GuardrailDecision['outcome'],
      agent: text('agent', false)!,
      turn: r.turn as number,
    };
    for (const key of ['toolName', 'callId', 'message'] as const) {
      const v = text(key, true);
      if (v !== undefined) decision[key] = key === 'message' ? prefixOf(v, MAX_MESSAGE) : v;
    }
    return decision;
  });
}
