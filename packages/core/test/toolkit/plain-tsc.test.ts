// Item 16 of issue 12: code compiled with plain `tsc` (no scanner transformer, no manifest entry)
// must fail at registration with the fix, never run with a schema guessed from design:paramtypes.
import 'reflect-metadata';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { Agent, loadSchemaManifest, Runner, ScriptedModel, toolsOf, UserError } from '@toolwright/core';

const SOURCES: Record<string, string> = {
  // The root README's headline toolkit, as written there.
  'weather.ts': `
import 'reflect-metadata';
import { Param, Tool, Toolkit } from '@toolwright/core';

@Toolkit()
export class WeatherTools {
  /** Get the current weather for a city. */
  @Tool({ timeoutMs: 10_000 })
  async getWeather(@Param('city') city: string, @Param('units') units?: 'celsius' | 'fahrenheit') {
    return { city, temperature: units === 'fahrenheit' ? 46 : 8 };
  }
}
`,
  'nested.ts': `
import { Param, Tool } from '@toolwright/core';

export function makeCalculator(): object {
  class LocalCalculator {
    @Tool()
    add(@Param('a') a: number, @Param('b') b: number) {
      return a + b;
    }
  }
  return new LocalCalculator();
}
`,
  'orders.ts': `
import { Ctx, Param, Tool, type ToolContext } from '@toolwright/core';

export class Orders {
  @Tool()
  status(@Param('orderId') orderId: string) {
    return orderId;
  }

  @Tool()
  refund(@Param('orderId') orderId: string, @Param('amount') amount: number) {
    return orderId + amount;
  }

  /** No arguments: the empty object is all reflection needs to know. */
  @Tool()
  ping(@Ctx() ctx?: ToolContext) {
    return ctx === undefined ? 'pong' : 'pong!';
  }
}
`,
};

let dir: string;

/** Compiles the sources with the compiler API and no transformers: what `tsc` emits. */
function compileWithPlainTsc(): void {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-plain-tsc-'));
  // Emitted code requires reflect-metadata and @toolwright/core from the workspace.
  fs.symlinkSync(path.resolve(__dirname, '../../../../node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const [name, text] of Object.entries(SOURCES)) fs.writeFileSync(path.join(dir, name), text);
  const program = ts.createProgram({
    rootNames: Object.keys(SOURCES).map((name) => path.join(dir, name)),
    options: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      strict: true,
      skipLibCheck: true,
      noResolve: true,
      outDir: path.join(dir, 'out'),
    },
  });
  const result = program.emit();
  if (result.emitSkipped) throw new Error('plain tsc emit was skipped');
}

function load<T>(file: string): T {
  return require(path.join(dir, 'out', file)) as T;
}

function registrationError(run: () => unknown): UserError {
  try {
    run();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error('expected a UserError at registration');
}

describe('a toolkit compiled with plain tsc (no transformer)', () => {
  beforeAll(compileWithPlainTsc);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the README headline WeatherTools fails at registration, naming class, method, parameter and the fix', async () => {
    const { WeatherTools } = load<{ WeatherTools: new () => object }>('weather.js');
    const error = registrationError(() => toolsOf(new WeatherTools()));
    expect(error.message).toMatch(/^@Tool WeatherTools\.getWeather: no schema is known for parameter #0 \(city\) "city": run-time reflection only sees String/);
    expect(error.message).toMatch(/literal unions, enums and optional parameters/);
    expect(error.message).toMatch(/Fix: .*toolwright scan.*@toolwright\/scanner transformer/);
    // The README's scripted run fails the same way, before the model is asked anything.
    const model = new ScriptedModel([{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo', units: null } }] }, { text: 'It is 8 °C in Oslo.' }]);
    const agent = new Agent({ name: 'assistant', tools: [new WeatherTools()] });
    await expect(new Runner({ model }).run(agent, 'What is the weather in Oslo?')).rejects.toThrow(/WeatherTools\.getWeather: no schema is known/);
    expect(model.requests).toHaveLength(0);
  });

  it('a class declared inside a function fails the same way', () => {
    const { makeCalculator } = load<{ makeCalculator: () => object }>('nested.js');
    const error = registrationError(() => toolsOf(makeCalculator()));
    expect(error.message).toMatch(/^@Tool LocalCalculator\.add: no schema is known for parameter #0 \(a\) "a": run-time reflection only sees Number/);
    expect(error.message).toMatch(/Fix: /);
  });

  it('a tool missing from a loaded manifest fails, saying the manifest has no entry for it', () => {
    const { Orders } = load<{ Orders: new () => object }>('orders.js');
    loadSchemaManifest({ version: 1, tools: { 'Orders.status': { parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] } } } });
    const error = registrationError(() => toolsOf(new Orders()));
    expect(error.message).toMatch(/^@Tool Orders\.refund: no schema is known for parameter #0 \(orderId\) "orderId"/);
    expect(error.message).toMatch(/A schema manifest is loaded, but it has no entry "Orders\.refund"/);
    expect(error.message).toMatch(/Fix: /);
  });

  it('a tool without @Param or @Args needs no schema source: its arguments are provably the empty object', () => {
    const { Orders } = load<{ Orders: new () => object }>('orders.js');
    loadSchemaManifest({
      version: 1,
      tools: {
        'Orders.status': { parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] } },
        'Orders.refund': { parameters: { type: 'object', properties: { orderId: { type: 'string' }, amount: { type: 'number' } }, required: ['orderId', 'amount'] } },
      },
    });
    const ping = toolsOf(new Orders()).find((tool) => tool.name === 'ping');
    expect(ping?.parameters).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
  });
});
