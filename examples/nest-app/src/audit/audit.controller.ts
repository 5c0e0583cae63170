import { Controller, Get } from '@nestjs/common';
import { RunContextFromRequest, type ChatContext } from '../context/chat-context';
import { AuditLog, type AuditEntry } from './audit.log';

/** `GET /audit`: the audited tool calls of the caller's tenant. */
@Controller('audit')
export class AuditController {
  constructor(private readonly log: AuditLog) {}

  @Get()
  list(@RunContextFromRequest() context: ChatContext): AuditEntry[] {
    return this.log.forTenant(context.tenant);
  }
}
