import 'reflect-metadata';
import { toolsOf } from '@toolwright/core';
import { executeToolCall } from '@toolwright/core/extend';
import { WeatherTools } from './weather-tools';

/**
 * Lists the toolkit's tools with the schemas the model sees, then calls one outside any run,
 * through the same pipeline as a model's call: arguments validated against that schema, the
 * tool's time limit, failure handling and output cap.
 */
async function main(): Promise<void> {
  const tools = toolsOf(new WeatherTools());
  for (const tool of tools) {
    console.log(`${tool.name} — ${tool.description}`);
    console.log(JSON.stringify(tool.parameters, null, 2));
  }
  const weather = tools.find((tool) => tool.name === 'get_weather');
  if (!weather) return;
  const result = await executeToolCall(weather, { city: 'Oslo', unit: 'celsius' });
  console.log(result.text);
  // Arguments the schema refuses get the answer a model would get; the tool does not run.
  const refused = await executeToolCall(weather, { city: 'O', unit: null });
  console.log(refused.isError ? `refused: ${refused.text}` : refused.text);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
