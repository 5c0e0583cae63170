import { Catch, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { RunCancelledError, ToolwrightError } from '@toolwright/core';
import { TOOLWRIGHT_LOGGER_CONTEXT } from '../constants/toolwright.constants';
import { httpStatusOf } from './http-status';

/** Options of `new ToolwrightExceptionFilter(...)`. */
export interface ToolwrightExceptionFilterOptions {
  /** Overrides the status of some errors (return `undefined` to keep the default, see `httpStatusOf`). */
  statusOf?: (error: ToolwrightError) => number | undefined;
  /**
   * Sends the messages of 5xx errors to the client (default false: a generic message, the error's
   * name, and the message in the server log). Client errors (4xx) always carry their message.
   */
  exposeServerErrors?: boolean;
}

/** The JSON body the filter answers with. */
export interface ToolwrightErrorBody {
  statusCode: number;
  /** The error class: `RunStateError`, `ModelError`, ... */
  error: string;
  message: string;
  toolName?: string;
  callId?: string;
}

const SERVER_ERROR_MESSAGE = 'The assistant could not complete the request.';

/**
 * Maps Toolwright errors escaping a controller to HTTP responses (status table: `httpStatusOf`),
 * instead of Nest's generic 500. Opt-in: `app.useGlobalFilters(new ToolwrightExceptionFilter())`,
 * `{ provide: APP_FILTER, useClass: ToolwrightExceptionFilter }`, or `@UseFilters(...)` on a
 * controller. The body and the log line never contain the conversation or tool outputs: a
 * Toolwright error's message does not hold them, and the partial `result` is not sent.
 *
 * Outside HTTP (a tool call, an RPC handler) it rethrows, leaving the error to the next handler.
 */
@Catch(ToolwrightError)
export class ToolwrightExceptionFilter implements ExceptionFilter<ToolwrightError> {
  private readonly logger = new Logger(TOOLWRIGHT_LOGGER_CONTEXT);

  constructor(private readonly options: ToolwrightExceptionFilterOptions = {}) {}

  catch(error: ToolwrightError, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw error;
    const status = this.options.statusOf?.(error) ?? httpStatusOf(error);
    const server = status >= HttpStatus.INTERNAL_SERVER_ERROR;
    // A run cancelled by a shutdown is expected, not a fault: one line, no stack.
    if (server && error instanceof RunCancelledError) this.logger.warn(`${error.name}: ${error.message}`);
    else if (server) this.logger.error(`${error.name}: ${error.message}`, error.stack);
    const body: ToolwrightErrorBody = {
      statusCode: status,
      error: error.name,
      message: server && this.options.exposeServerErrors !== true ? SERVER_ERROR_MESSAGE : error.message,
    };
    const about = error as { toolName?: unknown; callId?: unknown };
    if (typeof about.toolName === 'string') body.toolName = about.toolName;
    if (typeof about.callId === 'string') body.callId = about.callId;
    const response = host.switchToHttp().getResponse<HttpResponse>();
    send(response, status, body);
  }
}

/** An Express response or a Fastify reply. */
interface HttpResponse {
  raw?: { writableEnded?: boolean; destroyed?: boolean };
  writableEnded?: boolean;
  destroyed?: boolean;
  headersSent?: boolean;
  status?(code: number): HttpResponse;
  code?(code: number): HttpResponse;
  json?(body: unknown): unknown;
  send?(body: unknown): unknown;
}

function send(response: HttpResponse, status: number, body: ToolwrightErrorBody): void {
  const raw = response.raw ?? response;
  // A client that went away (a cancelled run's usual cause) has nobody left to answer.
  if (raw.writableEnded === true || raw.destroyed === true || response.headersSent === true) return;
  if (typeof response.code === 'function' && typeof response.send === 'function') {
    response.code(status).send?.(body);
    return;
  }
  response.status?.(status).json?.(body);
}
