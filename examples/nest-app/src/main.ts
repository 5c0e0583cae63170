import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { configureApp } from './configure-app';

async function bootstrap(): Promise<void> {
  const app = configureApp(await NestFactory.create(AppModule));
  // SIGTERM/SIGINT close the application: runs in flight get SHUTDOWN_GRACE_MS to finish, then are aborted.
  app.enableShutdownHooks();
  const port = Number(process.env.PORT ?? 3000);
  await app.listen(port);
  console.log(`Toolwright NestJS example listening on http://localhost:${port} (POST /chat, GET /runs/:id, POST /runs/:id/approve|reject)`);
}

void bootstrap();
