import { HttpStatus } from '@nestjs/common';
import {
  GuardrailTripwireError, ModelError, RunCancelledError, RunStateError, ToolArgumentsError, ToolTimeoutError, type ToolwrightError,
} from '@toolwright/core';
import { ApplicationShutdownError } from './application-shutdown.error';

/** The status nginx and others use for a request whose client closed the connection. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * The HTTP status `ToolwrightExceptionFilter` answers a Toolwright error with:
 *
 * | error | status |
 * |---|---|
 * | `ToolArgumentsError` (e.g. edited arguments on approval) | 400 |
 * | `GuardrailTripwireError` (a guardrail or a Nest guard stopped the run) | 403 |
 * | `RunNotFoundError` (run stores) | 404 |
 * | `RunStateError` (stale, tampered, already resumed), `RunAlreadyClaimedError` | 409 |
 * | `RunCancelledError`: client disconnected / application shutting down / other | 499 / 503 / 499 |
 * | `ModelError`: provider rate limit (429) / other | 503 / 502 |
 * | `ToolTimeoutError` | 504 |
 * | anything else (`UserError`, `MaxTurnsExceededError`, `ToolCallError`, ...) | 500 |
 */
export function httpStatusOf(error: ToolwrightError): number {
  if (error instanceof ToolArgumentsError) return HttpStatus.BAD_REQUEST;
  if (error instanceof GuardrailTripwireError) return HttpStatus.FORBIDDEN;
  if (error instanceof RunStateError) return HttpStatus.CONFLICT;
  if (error instanceof RunCancelledError) return error.reason instanceof ApplicationShutdownError ? HttpStatus.SERVICE_UNAVAILABLE : CLIENT_CLOSED_REQUEST;
  if (error instanceof ModelError) return error.status === HttpStatus.TOO_MANY_REQUESTS ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.BAD_GATEWAY;
  if (error instanceof ToolTimeoutError) return HttpStatus.GATEWAY_TIMEOUT;
  // Run-store errors, by name: the stores are optional and may come from another package copy.
  if (error.name === 'RunNotFoundError') return HttpStatus.NOT_FOUND;
  if (error.name === 'RunAlreadyClaimedError') return HttpStatus.CONFLICT;
  return HttpStatus.INTERNAL_SERVER_ERROR;
}
