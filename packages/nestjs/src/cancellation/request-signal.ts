import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { UserError } from '@toolwright/core';
import { ClientDisconnectedError } from '../errors/client-disconnected.error';

/** What a Node HTTP response (Express) or a Fastify reply (`raw`) offers. */
interface ResponseLike {
  raw?: ResponseLike;
  writableFinished?: boolean;
  destroyed?: boolean;
  once?(event: 'close', listener: () => void): unknown;
}

interface RequestLike {
  raw?: RequestLike;
  res?: ResponseLike;
  socket?: { destroyed?: boolean };
}

/**
 * An `AbortSignal` that aborts when the client of an HTTP request disconnects before its
 * response was sent (reason: `ClientDisconnectedError`). Pass it to a run
 * (`runner.run(agent, input, { signal })`) so a run nobody waits for stops: the model request
 * and the running tools are aborted, and the run ends with `RunCancelledError`. Works with
 * Express and Fastify.
 *
 * @example
 * chat(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
 *   return this.runner.run(agent, message, { signal: requestSignal(req, res) });
 * }
 */
export function requestSignal(request: unknown, response?: unknown): AbortSignal {
  const req = ((request as RequestLike | undefined)?.raw ?? request) as RequestLike | undefined;
  const res = ((response as ResponseLike | undefined)?.raw ?? response ?? req?.res) as ResponseLike | undefined;
  if (typeof res?.once !== 'function') {
    throw new UserError('requestSignal(request, response): pass the HTTP request and its response (Express or Fastify), e.g. from @Req() and @Res({ passthrough: true }), or use the @RunSignal() parameter decorator.');
  }
  const controller = new AbortController();
  const disconnected = () => controller.abort(new ClientDisconnectedError());
  // A response closed before it finished means the connection went away under it.
  if (res.destroyed === true || req?.socket?.destroyed === true) disconnected();
  else res.once('close', () => res.writableFinished !== true && disconnected());
  return controller.signal;
}

/**
 * A controller parameter: the `AbortSignal` of the HTTP request (see `requestSignal`), to pass
 * to a run. `undefined` outside HTTP handlers. Runs of the injected `Runner` are also aborted
 * when the application shuts down, with or without it.
 *
 * @example
 * @Post('chat')
 * chat(@Body() body: ChatDto, @RunSignal() signal: AbortSignal) {
 *   return this.runner.run(this.agent, body.message, { context, signal });
 * }
 */
export const RunSignal = createParamDecorator((_data: unknown, context: ExecutionContext): AbortSignal | undefined => {
  if (context.getType() !== 'http') return undefined;
  const http = context.switchToHttp();
  return requestSignal(http.getRequest(), http.getResponse());
});
