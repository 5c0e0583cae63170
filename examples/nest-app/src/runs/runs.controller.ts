import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { RunSignal } from '@toolwright/nestjs';
import { RunContextFromRequest, type ChatContext } from '../context/chat-context';
import { RunsService, type RunView } from './runs.service';

/**
 * The chat API: `POST /chat` runs the support agent; a run that needs approval answers with
 * `status: "interrupted"` and its pending calls; `POST /runs/:id/approve` or `/reject` decides
 * and resumes it. Each run takes the request's signal (`@RunSignal()`): when the client
 * disconnects, its run is cancelled (model request and running tools aborted).
 */
@Controller()
export class RunsController {
  constructor(private readonly runs: RunsService) {}

  @Post('chat')
  @HttpCode(200)
  chat(@Body() body: { message?: unknown; agent?: unknown }, @RunContextFromRequest() context: ChatContext, @RunSignal() signal: AbortSignal): Promise<RunView> {
    if (typeof body?.message !== 'string' || body.message.trim() === '') throw new BadRequestException('Send { "message": "..." }.');
    if (body.agent !== undefined && typeof body.agent !== 'string') throw new BadRequestException('"agent" must be a string.');
    return this.runs.chat(body.message, context, body.agent, signal);
  }

  @Get('runs/:id')
  get(@Param('id') id: string, @RunContextFromRequest() context: ChatContext): Promise<RunView> {
    return this.runs.get(id, context);
  }

  @Post('runs/:id/approve')
  @HttpCode(200)
  approve(
    @Param('id') id: string,
    @Body() body: { callId?: unknown; always?: unknown; arguments?: unknown } = {},
    @RunContextFromRequest() context: ChatContext,
    @RunSignal() signal: AbortSignal,
  ): Promise<RunView> {
    const { callId, always } = checkCommon(body);
    return this.runs.decide(id, context, { approve: true, callId, always, arguments: body?.arguments }, signal);
  }

  @Post('runs/:id/reject')
  @HttpCode(200)
  reject(
    @Param('id') id: string,
    @Body() body: { callId?: unknown; always?: unknown; message?: unknown } = {},
    @RunContextFromRequest() context: ChatContext,
    @RunSignal() signal: AbortSignal,
  ): Promise<RunView> {
    const { callId, always } = checkCommon(body);
    if (body?.message !== undefined && typeof body.message !== 'string') throw new BadRequestException('"message" must be a string.');
    return this.runs.decide(id, context, { approve: false, callId, always, message: body?.message as string | undefined }, signal);
  }
}

function checkCommon(body: { callId?: unknown; always?: unknown } | undefined): { callId?: string; always?: boolean } {
  if (body?.callId !== undefined && typeof body.callId !== 'string') throw new BadRequestException('"callId" must be a string.');
  if (body?.always !== undefined && typeof body.always !== 'boolean') throw new BadRequestException('"always" must be true or false.');
  return { callId: body?.callId as string | undefined, always: body?.always as boolean | undefined };
}
