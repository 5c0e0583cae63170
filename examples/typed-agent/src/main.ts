import 'reflect-metadata';
import { Agent, Runner, type RunResult } from '@toolwright/core';
import { createModel } from './model';
import { TripPlan } from './trip-plan';
import { WeatherTools } from './weather-tools';

/**
 * A typed agent: `outputType: TripPlan` makes the model answer with TripPlan's strict schema
 * (embedded by `toolwright build`), and `result.finalOutput` is a validated TripPlan instance.
 */
async function main(): Promise<void> {
  const { model, description } = createModel();
  console.log(description);
  const planner = new Agent({
    name: 'planner',
    instructions: 'Plan a short city trip. Check the forecast first.',
    tools: [new WeatherTools()],
    outputType: TripPlan,
  });
  const runner = new Runner({ model });
  const stream = runner.stream(planner, 'Two relaxed nights in Oslo, starting 1 June 2026.');
  let partials = 0;
  for await (const event of stream) {
    if (event.type === 'tool_called') console.log(`tool: ${event.toolName}(${event.arguments})`);
    if (event.type === 'output_delta') partials++;
  }
  const result = (await stream.result) as RunResult<TripPlan>;
  const plan: TripPlan = result.finalOutput;
  console.log(`answered by ${result.lastAgent.name} after ${result.turns} model calls (${partials} partial answers streamed)`);
  console.log(`instance of TripPlan: ${plan instanceof TripPlan}; first day is a Date: ${plan.days[0]?.date instanceof Date}`);
  console.log(plan.summary());
  console.log(JSON.stringify(result.toJSON().finalOutput));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
