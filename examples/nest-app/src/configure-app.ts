import type { INestApplication } from '@nestjs/common';
import { ToolwrightExceptionFilter } from '@toolwright/nestjs';

/**
 * What `main.ts` sets up on the application, shared with the e2e tests: Toolwright errors that
 * escape a controller answer with an HTTP status (stale run state → 409, invalid edited
 * arguments → 400, model provider down → 502, cancelled by shutdown → 503, ...) and a body
 * without the conversation.
 */
export function configureApp(app: INestApplication): INestApplication {
  app.useGlobalFilters(new ToolwrightExceptionFilter());
  return app;
}
