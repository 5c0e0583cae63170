import { ToolwrightError, keepOutOfLogs } from './toolwright.error';

/** A guardrail returned `tripwire(message)`: the run stops. */
export class GuardrailTripwireError extends ToolwrightError {
  /** The partial result of the run that this error ended (not enumerable: kept out of logs). */
  declare result?: unknown;

  constructor(
    readonly guardrail: string,
    readonly toolName: string,
    readonly callId: string,
    readonly reason: string,
  ) {
    super(`Guardrail "${guardrail}" tripped on tool "${toolName}" (call ${callId}): ${reason}`);
    keepOutOfLogs(this, 'result');
  }
}
