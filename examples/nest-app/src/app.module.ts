import { Module } from '@nestjs/common';
import type { Model } from '@toolwright/core';
import { ToolwrightModule } from '@toolwright/nestjs';
import { AgentsModule } from './agents/agents.module';
import { AppController } from './app.controller';
import { AuditModule } from './audit/audit.module';
import { MODEL, ModelModule } from './model/model.module';
import { RunsModule } from './runs/runs.module';

@Module({
  imports: [
    ToolwrightModule.forRootAsync({
      imports: [ModelModule],
      inject: [MODEL],
      useFactory: (model: Model) => ({ model, runner: { maxTurns: 8, maxToolConcurrency: 4 } }),
    }),
    AuditModule,
    AgentsModule,
    RunsModule,
  ],
  controllers: [AppController],
})
export class AppModule {}
