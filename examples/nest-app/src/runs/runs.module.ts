import { Module } from '@nestjs/common';
import { InMemoryRunStateStore } from './in-memory-run-state.store';
import { RUN_STATE_STORE } from './run-state.store';
import { RunsController } from './runs.controller';
import { RUN_STATE_SECRET, RunsService, runStateSecret } from './runs.service';

// Swap the store here: { provide: RUN_STATE_STORE, useClass: PostgresRunStateStore }.
@Module({
  controllers: [RunsController],
  providers: [
    RunsService,
    { provide: RUN_STATE_STORE, useClass: InMemoryRunStateStore },
    { provide: RUN_STATE_SECRET, useFactory: () => runStateSecret() },
  ],
})
export class RunsModule {}
