import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditLog } from './audit.log';

@Module({ controllers: [AuditController], providers: [AuditLog], exports: [AuditLog] })
export class AuditModule {}
