import 'reflect-metadata';
import { Agent, Runner } from '@toolwright/core';
import { createModel } from './model';
import { Timeline } from './timeline';
import { TripTools, type Traveller } from './trip-tools';

async function main(): Promise<void> {
  const { model, description } = createModel();
  console.log(description);

  const planner = new Agent<Traveller>({
    name: 'trip-planner',
    instructions: (ctx) =>
      `You plan short trips for ${ctx.context.name}, who lives in ${ctx.context.homeCity}. ` +
      'Search flights first; look up weather and hotels together; answer with a short itinerary.',
    tools: [new TripTools()],
  });
  const runner = new Runner({ model, maxTurns: 8, maxToolConcurrency: 4 });
  const question = 'Plan a weekend in Bergen from June 12th, two nights, hotel under €150.';
  console.log(`👤 ${question}\n`);

  const timeline = new Timeline();
  const stream = runner.stream(planner, question, { context: { name: 'Ada', homeCity: 'Oslo' } });
  for await (const event of stream) timeline.print(event);
  const result = await stream.result;
  console.log(`\nFinal answer:\n${String(result.finalOutput)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
