/**
 * The files of the scratch projects: one toolkit whose schema needs the scanner (an optional
 * literal union), a program that runs one call of it through an agent and prints what the model
 * was shown and what the tool returned, and the configuration of each toolchain.
 */

/** The toolkit; `injectable` adds Nest's `@Injectable()`. */
export function toolsSource(options: { injectable?: boolean } = {}): string {
  return [
    options.injectable ? "import { Injectable } from '@nestjs/common';" : undefined,
    "import { Param, Tool, Toolkit } from '@toolwright/core';",
    '',
    options.injectable ? '@Injectable()' : undefined,
    '@Toolkit()',
    'export class WeatherTools {',
    '  /** Get the current weather for a city. */',
    '  @Tool()',
    "  getWeather(@Param('city') city: string, @Param('units') units?: 'celsius' | 'fahrenheit'): string {",
    "    return `${city}: ${units === 'fahrenheit' ? '46°F' : '8°C'}`;",
    '  }',
    '}',
    '',
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}

/** The model's one call, and what the program prints: `{ tool, output, final }` as JSON. */
const RUN_ONE_CALL = `
  const model = new ScriptedModel([
    { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo', units: 'fahrenheit' } }] },
    { text: 'done' },
  ]);`;

const REPORT = `
  const output = result.history.find((item) => item.type === 'function_call_output');
  const [tool] = toolsOf(tools);
  console.log(JSON.stringify({
    tool: { name: tool.name, description: tool.description, parameters: tool.parameters },
    output: output && output.type === 'function_call_output' ? output.output : undefined,
    final: result.finalOutput,
  }));`;

/**
 * The entry point. `extension` is what relative imports end with ('' for bundlers and
 * CommonJS, '.js' for node16/nodenext ES modules); `schemas` imports the generated module.
 */
export function mainSource(options: { extension: string; schemas: boolean }): string {
  return `import 'reflect-metadata';
${options.schemas ? `import './toolwright.schemas${options.extension}';\n` : ''}import { Agent, Runner, ScriptedModel, toolsOf } from '@toolwright/core';
import { WeatherTools } from './tools${options.extension}';

async function main(): Promise<void> {
  const tools = new WeatherTools();${RUN_ONE_CALL}
  const result = await new Runner({ model }).run(new Agent({ name: 'assistant', tools: [tools] }), 'Weather in Oslo?');${REPORT}
}

main();
`;
}

/** A Nest application context whose injected Runner runs the call. */
export function nestMainSource(): string {
  return `import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Agent, Runner, ScriptedModel, toolsOf } from '@toolwright/core';
import { ToolwrightModule } from '@toolwright/nestjs';
import { WeatherTools } from './tools';

async function main(): Promise<void> {${RUN_ONE_CALL}

  @Module({ imports: [ToolwrightModule.forRoot({ model })], providers: [WeatherTools] })
  class AppModule {}

  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const tools = app.get(WeatherTools);
  const result = await app.get(Runner).run(new Agent({ name: 'assistant', tools: [tools] }), 'Weather in Oslo?');${REPORT}
  await app.close();
}

main();
`;
}

/** A jest test of the toolkit (ts-jest or @swc/jest). */
export function jestTestSource(options: { schemas: boolean }): string {
  return `import 'reflect-metadata';
${options.schemas ? "import '../src/toolwright.schemas';\n" : ''}import { Agent, Runner, ScriptedModel, toolsOf } from '@toolwright/core';
import { WeatherTools } from '../src/tools';

it('runs get_weather against the build-time schema', async () => {
  const tools = new WeatherTools();
  expect(toolsOf(tools)[0].parameters).toMatchObject({ properties: { units: { enum: ['celsius', 'fahrenheit', null] } } });${RUN_ONE_CALL}
  const result = await new Runner({ model }).run(new Agent({ name: 'assistant', tools: [tools] }), 'Weather in Oslo?');
  expect(result.history).toContainEqual(expect.objectContaining({ type: 'function_call_output', output: 'Oslo: 46°F' }));
});
`;
}

/** A tool strict mode cannot express (a map with arbitrary keys), for the diagnostics. */
export const LOOSE_TOOL_SOURCE = `import { Param, Tool } from '@toolwright/core';

export class Tally {
  @Tool()
  tally(@Param('counts') counts: Record<string, number>): number {
    return Object.keys(counts).length;
  }
}
`;

type Module = 'commonjs' | 'node16' | 'nodenext' | 'esnext';

/** A tsconfig.json for a module system; `resolution` defaults to what `module` implies. */
export function tsconfig(options: { module: Module; resolution?: 'node16' | 'nodenext' | 'bundler' | 'node10'; metadata?: boolean; plugins?: unknown[]; extra?: Record<string, unknown>; include?: string[] }): string {
  const resolution = options.resolution ?? (options.module === 'esnext' ? 'bundler' : options.module === 'commonjs' ? 'node10' : options.module);
  return `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module: options.module,
        moduleResolution: resolution,
        strict: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: options.metadata ?? true,
        skipLibCheck: true,
        outDir: 'dist',
        rootDir: 'src',
        types: ['node'],
        ...(options.plugins ? { plugins: options.plugins } : {}),
        ...options.extra,
      },
      include: options.include ?? ['src'],
    },
    null,
    2,
  )}\n`;
}

/** swc's configuration for legacy decorators with metadata, emitting CommonJS. */
export const SWCRC = `${JSON.stringify(
  {
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
  null,
  2,
)}\n`;

/** The expected run: the schema the scanner built, and the tool's output. */
export const EXPECTED_RUN = {
  tool: {
    name: 'get_weather',
    description: 'Get the current weather for a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, units: { enum: ['celsius', 'fahrenheit', null], type: ['string', 'null'] } },
      required: ['city', 'units'],
      additionalProperties: false,
    },
  },
  output: 'Oslo: 46°F',
  final: 'done',
};
