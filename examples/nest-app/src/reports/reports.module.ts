import { Module } from '@nestjs/common';
import { ReportService } from './report.service';
import { ReportTools } from './report.tools';

@Module({ providers: [ReportService, ReportTools], exports: [ReportService, ReportTools] })
export class ReportsModule {}
