import 'reflect-metadata';
import { toolsOf } from '@toolwright/core';
import { WeatherTools } from './weather-tools';

/** Lists the toolkit's tools with the schemas the model sees, then calls one. */
async function main(): Promise<void> {
  const tools = toolsOf(new WeatherTools());
  for (const tool of tools) {
    console.log(`${tool.name} — ${tool.description}`);
    console.log(JSON.stringify(tool.parameters, null, 2));
  }
  const weather = tools.find((tool) => tool.name === 'get_weather');
  if (weather) console.log(await weather.invoke({} as never, { city: 'Oslo', unit: 'celsius' }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
