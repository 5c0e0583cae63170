import 'reflect-metadata';
import * as fs from 'fs';
import * as path from 'path';
import { toolsOf, type Tool } from '@toolwright/core';
import { getMetadataStorage } from '@toolwright/core/internal';
import { embeddedSchemaText, scanTools } from '@toolwright/scanner';
import { WeatherTools } from '../src/weather-tools';

const root = path.join(__dirname, '..');
const goldens = path.join(__dirname, '__goldens__');

/** Compares with a golden JSON file; `UPDATE_GOLDENS=1` rewrites it. */
function expectGolden(name: string, actual: unknown): void {
  const file = path.join(goldens, name);
  const text = `${JSON.stringify(actual, null, 2)}\n`;
  if (process.env.UPDATE_GOLDENS === '1') {
    fs.mkdirSync(goldens, { recursive: true });
    fs.writeFileSync(file, text);
    return;
  }
  if (!fs.existsSync(file)) throw new Error(`golden file ${file} is missing — run with UPDATE_GOLDENS=1 to create it`);
  expect(JSON.parse(text)).toEqual(JSON.parse(fs.readFileSync(file, 'utf8')));
}

function shown(tools: Tool[]): Array<Pick<Tool, 'name' | 'description' | 'parameters' | 'strict'>> {
  return tools.map(({ name, description, parameters, strict }) => ({ name, description, parameters, strict }));
}

describe('the weather example', () => {
  const tools = toolsOf(new WeatherTools());

  it('shows the model the golden strict schemas', () => {
    expectGolden('tools.json', shown(tools));
  });

  it('embeds (through the transformer) exactly what `toolwright scan` finds', () => {
    const { tools: scanned, diagnostics } = scanTools(path.join(root, 'tsconfig.json'));
    expect(diagnostics).toEqual([]);
    expectGolden('embedded.json', Object.fromEntries(scanned.map((tool) => [tool.key, tool.schema])));
    const storage = getMetadataStorage();
    for (const tool of scanned) {
      // The strict form where strictness is known at build time (literal options), else the loose
      // one without the paramDescriptions already merged into the properties.
      expect(storage.toolsOf(WeatherTools).get(tool.methodName)?.embedded).toEqual(JSON.parse(embeddedSchemaText(tool.schema, { strict: tool.strict && tool.literalOptions })));
    }
  });

  it('calls get_forecast with a nested DTO and an enum', async () => {
    const forecast = tools.find((tool) => tool.name === 'get_forecast') as Tool;
    const output = await forecast.invoke({} as never, { place: { city: 'Lisbon', country: null }, days: 2, unit: 'fahrenheit' });
    expect(output).toBe('day 1: 66° sunny\nday 2: 67° sunny');
  });

  it('is compiled by `toolwright build` with the schemas embedded', () => {
    const compiled = path.join(root, 'dist', 'weather-tools.js');
    expect(fs.existsSync(compiled)).toBe(true);
    const js = fs.readFileSync(compiled, 'utf8');
    // Embedded as JSON text, which core parses when it first builds the tool.
    expect(js).toContain(`(0, core_1.Tool)({ timeoutMs: 5_000 }, '{"parameters":{`);
    expect(js.match(/'{"parameters":/g)).toHaveLength(4);
  });
});
