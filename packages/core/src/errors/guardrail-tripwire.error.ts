import { ToolwrightError, keepOutOfLogs } from './toolwright.error';
import { brand } from '../util/brand';

/**
 * Where a guardrail ran: on a tool call's arguments or result (`tool_input`, `tool_output`), on
 * the run's input (`input`) or on the final output (`output`).
 */
export type GuardrailStage = 'tool_input' | 'tool_output' | 'input' | 'output';

/** A guardrail returned `tripwire(message)`: the run stops. */
export class GuardrailTripwireError extends ToolwrightError {
  static {
    brand(this, 'GuardrailTripwireError');
  }

  /** The partial result of the run that this error ended (not enumerable: kept out of logs). */
  declare result?: unknown;
  /** Where the guardrail ran (`tool_input` when not given, as before agent-level guardrails). */
  readonly stage: GuardrailStage;
  /** What the guardrail reported with its tripwire (`GuardrailOutcome.tripwire(message, info)`). */
  readonly info?: unknown;
  /** The agent whose input or final output tripped an agent-level guardrail. */
  readonly agentName?: string;

  constructor(
    readonly guardrail: string,
    /** The tool of a tool-level guardrail; `''` for an agent-level one. */
    readonly toolName: string,
    /** The call of a tool-level guardrail; `''` for an agent-level one. */
    readonly callId: string,
    readonly reason: string,
    details: { stage?: GuardrailStage; info?: unknown; agentName?: string } = {},
  ) {
    const stage = details.stage ?? 'tool_input';
    const where =
      stage === 'input'
        ? "the run's input"
        : stage === 'output'
          ? `the final output of agent "${details.agentName ?? ''}"`
          : `tool "${toolName}" (call ${callId})`;
    super(`Guardrail "${guardrail}" tripped on ${where}: ${reason}`);
    this.stage = stage;
    if (details.info !== undefined) this.info = details.info;
    if (details.agentName !== undefined) this.agentName = details.agentName;
    keepOutOfLogs(this, 'result');
  }
}
