import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create(AppModule);
  app.enableShutdownHooks();
  const port = Number(process.env.PORT ?? 3000);
  await app.listen(port);
  console.log(`Toolwright NestJS example listening on http://localhost:${port} (POST /chat, GET /runs/:id, POST /runs/:id/approve|reject)`);
}

void bootstrap();
