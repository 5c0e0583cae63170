import 'reflect-metadata';
import { execFileSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { runCli, type CliResult } from '../../../../test-support/run-cli';
import { toolsOf } from '@toolwright/core';
import { getMetadataStorage } from '@toolwright/core/internal';

const root = join(__dirname, '../../../..');
const demo = join(root, 'examples/demo');
const main = join(demo, 'dist/main.js');
const compiledTools = join(demo, 'dist/trip-tools.js');

function run(): Promise<CliResult> {
  return runCli(main, [], { cwd: root, timeoutMs: 20_000 });
}

describe('the demo (npm start)', () => {
  beforeAll(() => {
    // `npm test` builds everything first; this covers running the file on its own after a clean.
    if (!existsSync(main) || !existsSync(compiledTools)) {
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      execFileSync(process.execPath, [tsc, '-b', join(root, 'packages/core'), join(root, 'packages/openai'), join(root, 'packages/scanner')], { stdio: 'inherit' });
      const toolwright = join(root, 'packages/scanner/bin/toolwright.js');
      execFileSync(process.execPath, [toolwright, 'build', '-p', join(demo, 'tsconfig.json')], { stdio: 'inherit' });
    }
  }, 180_000);

  it('runs on ScriptedModel without a key and prints a live timeline', async () => {
    const { code, stdout, stderr } = await run();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^No OPENAI_API_KEY or ANTHROPIC_API_KEY set: running on ScriptedModel/);
    expect(stdout).toMatch(/🔧 search_flights\(\{"from":"Oslo","to":"Bergen","date":"2025-06-12"\}\)/);
    expect(stdout).toMatch(/… search_flights: asked KLM \(4\/4\)/);
    expect(stdout).toMatch(/✓ {2}search_flights done in \d+ ms/);
    expect(stdout).toMatch(/🔧 get_weather[\s\S]*🔧 find_hotels[\s\S]*✓ {2}get_weather done[\s\S]*✓ {2}find_hotels done/);
    expect(stdout).toMatch(/🔧 find_hotels\(\{"city":"Bergen","nights":2,"maxPricePerNight":150\}\)/);
    expect(stdout).toMatch(/✓ {2}find_hotels done in \d+ ms → Citybox: €89\/night, €178 for 2 nights\n {19}Hotel Bryggen/);
    // Every scripted call matches its tool's strict schema: no call came back as an error.
    expect(stdout).not.toMatch(/✗/);
    expect(stdout).toMatch(/🏁 done: 3 model turns, 3 tool calls/);
    expect(stdout).toMatch(/Final answer:\nHere is your Bergen weekend:\n- Flight: Widerøe/);
    // The two parallel tools overlap: both were called before either finished.
    const at = (pattern: RegExp) => Number(/\[\s*([\d.]+)s\]/.exec(lines.find((l) => pattern.test(l)) ?? '')?.[1]);
    expect(at(/🔧 find_hotels/)).toBeLessThan(at(/get_weather done/));
  }, 30_000);

  describe('its toolkit, as `toolwright build` compiled it', () => {
    it('has each @Tool call rewritten with the schema generated from the TypeScript signature', () => {
      const js = readFileSync(compiledTools, 'utf8');
      // The transformer embeds each schema as JSON text (parsed by core when the tool is built).
      expect(js).toContain(`(0, core_1.Tool)({ timeoutMs: 5_000 }, '{"parameters":{`);
      expect(js.match(/\(0, core_1\.Tool\)\([^\n]*'\{"parameters":\{/g)).toHaveLength(3);
    });

    it('registers the embedded schemas, which give the model strict parameters with the JSDoc and class-validator details', () => {
      // The compiled module, not the TypeScript source: ts-jest would embed the schemas itself.
      const { TripTools } = require(compiledTools) as { TripTools: new () => object };
      const registered = getMetadataStorage().toolsOf(TripTools);
      for (const method of ['searchFlights', 'getWeather', 'findHotels']) {
        expect(registered.get(method)?.embedded?.parameters).toBeDefined();
      }
      const isoDate = '^\\d{4}-\\d{2}-\\d{2}$';
      const tools = toolsOf(new TripTools()).map(({ name, description, parameters, strict }) => ({ name, description, parameters, strict }));
      expect(tools).toEqual([
        {
          name: 'search_flights',
          description: 'Search flights between two cities on a date; returns the cheapest options.',
          strict: true,
          parameters: {
            type: 'object',
            properties: {
              from: { type: 'string', description: 'Departure city. At least 2 characters.' },
              to: { type: 'string', description: 'Arrival city. At least 2 characters.' },
              date: { type: 'string', description: 'Departure date, YYYY-MM-DD.', pattern: isoDate },
            },
            required: ['from', 'to', 'date'],
            additionalProperties: false,
          },
        },
        {
          name: 'get_weather',
          description: 'Get the weather forecast for a city on a date.',
          strict: true,
          parameters: {
            type: 'object',
            properties: {
              city: { type: 'string', description: 'City name, e.g. "Bergen". At least 2 characters.' },
              date: { type: 'string', description: 'Day of the forecast, YYYY-MM-DD.', pattern: isoDate },
            },
            required: ['city', 'date'],
            additionalProperties: false,
          },
        },
        {
          name: 'find_hotels',
          description: 'Find hotels in a city for a number of nights, cheapest first.',
          strict: true,
          parameters: {
            type: 'object',
            description: 'Where to stay, for how long, and at what price.',
            properties: {
              city: { type: 'string', description: 'City to stay in, e.g. "Bergen". At most 60 characters. At least 2 characters.' },
              nights: { type: 'integer', description: 'Number of nights.', minimum: 1, maximum: 30 },
              maxPricePerNight: { type: ['number', 'null'], description: 'Upper limit per night, in euros; no limit when null.', minimum: 1 },
            },
            required: ['city', 'nights', 'maxPricePerNight'],
            additionalProperties: false,
          },
        },
      ]);
    });

    it('runs find_hotels with a null price limit as no limit, and says when no hotel fits', async () => {
      const { TripTools } = require(compiledTools) as { TripTools: new () => object };
      const findHotels = toolsOf(new TripTools()).find((tool) => tool.name === 'find_hotels');
      const ctx = { signal: new AbortController().signal, emit: () => undefined } as never;
      await expect(findHotels?.invoke(ctx, { city: 'Bergen', nights: 1, maxPricePerNight: null })).resolves.toBe(
        'Citybox: €89/night, €89 for 1 night\nHotel Bryggen: €129/night, €129 for 1 night\nGrand Terminus: €159/night, €159 for 1 night',
      );
      await expect(findHotels?.invoke(ctx, { city: 'Bergen', nights: 2, maxPricePerNight: 50 })).resolves.toBe(
        'No hotel in Bergen at €50/night or less; the cheapest is €89.',
      );
    });
  });
});
