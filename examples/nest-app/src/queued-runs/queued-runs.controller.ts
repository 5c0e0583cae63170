import { BadRequestException, Body, Controller, Headers, HttpCode, Param, Post, Sse } from '@nestjs/common';
import { RunQueue } from '@toolwright/bullmq';
import { runEventsSse, type RunSseMessage } from '@toolwright/bullmq/nestjs';
import type { Observable } from 'rxjs';
import { RunContextFromRequest, type ChatContext } from '../context/chat-context';

/**
 * Runs as jobs (with REDIS_URL): `POST /queued-runs { message }` enqueues a run of the support
 * agent and answers at once with its id; `GET /queued-runs/:id/events` streams its events as
 * server-sent events until it ends (a browser's EventSource reconnects with `Last-Event-ID` and
 * goes on where it stopped). Any instance of the app can stream any run.
 */
@Controller('queued-runs')
export class QueuedRunsController {
  constructor(private readonly queue: RunQueue) {}

  @Post()
  @HttpCode(202)
  async start(@Body() body: { message?: unknown }, @RunContextFromRequest() context: ChatContext): Promise<{ runId: string }> {
    if (typeof body?.message !== 'string' || body.message.trim() === '') throw new BadRequestException('Send { "message": "..." }.');
    if (body.message.length > 10_000) throw new BadRequestException('"message" is longer than 10,000 characters.');
    // The context travels with the job as JSON: who asked, for which tenant.
    return { runId: await this.queue.enqueue('support', body.message, { context: { user: context.user, tenant: context.tenant } }) };
  }

  @Sse(':id/events')
  events(@Param('id') id: string, @Headers('last-event-id') lastEventId?: string): Observable<RunSseMessage> {
    return runEventsSse(this.queue, id, { fromEventId: lastEventId });
  }
}
