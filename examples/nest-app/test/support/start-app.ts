import type { INestApplication } from '@nestjs/common';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import type { App } from 'supertest/types';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/configure-app';
import { MODEL } from '../../src/model/model.module';
import { scriptedSupportModel } from '../../src/model/scripted-support.model';
import { RUN_STATE_STORE, type RunStateStore } from '../../src/runs/run-state.store';
import { RUN_STATE_SECRET } from '../../src/runs/runs.service';

/** What two instances of the app share to act as two processes on one database. */
export interface Shared {
  store: RunStateStore;
  secret: string;
}

/**
 * The example app as `main.ts` configures it, listening on a random port of 127.0.0.1. No
 * OPENAI_API_KEY in tests: the scripted model is pinned whatever the environment holds.
 * `override` replaces more providers (a toolkit with a test double, ...).
 */
export async function startApp(shared?: Shared, override: (builder: TestingModuleBuilder) => TestingModuleBuilder = (b) => b): Promise<INestApplication<App>> {
  let builder = Test.createTestingModule({ imports: [AppModule] }).overrideProvider(MODEL).useValue(scriptedSupportModel());
  if (shared !== undefined) builder = builder.overrideProvider(RUN_STATE_STORE).useValue(shared.store).overrideProvider(RUN_STATE_SECRET).useValue(shared.secret);
  builder = override(builder);
  const moduleRef = await builder.compile();
  const app = configureApp(moduleRef.createNestApplication<INestApplication<App>>({ logger: false })) as INestApplication<App>;
  await app.listen(0, '127.0.0.1');
  return app;
}
