import { ToolwrightError } from './toolwright.error';

/** A guardrail returned `tripwire(message)`: the run stops. */
export class GuardrailTripwireError extends ToolwrightError {
  /** The partial result of the run that this error ended. */
  result?: unknown;

  constructor(
    readonly guardrail: string,
    readonly toolName: string,
    readonly callId: string,
    readonly reason: string,
  ) {
    super(`Guardrail "${guardrail}" tripped on tool "${toolName}" (call ${callId}): ${reason}`);
  }
}
