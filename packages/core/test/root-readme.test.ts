// The root README's first example and its "Approvals" loop, run as written there. Each README
// snippet is copied verbatim between the `README:` markers; the lines around it only supply
// what the snippet assumes (a console, `secret`, `agent`, `runner`) and check the outcome.
import 'reflect-metadata';
import { readFileSync } from 'fs';
import { join } from 'path';
import { Agent, Param, RunState, Runner, ScriptedModel, Tool, Toolkit } from '@toolwright/core';

// README: first example (the class, as written).
@Toolkit()
class WeatherTools {
  /** Get the current weather for a city. */
  @Tool({ timeoutMs: 10_000 })
  async getWeather(@Param('city') city: string, @Param('units') units?: 'celsius' | 'fahrenheit') {
    return { city, temperature: units === 'fahrenheit' ? 46 : 8 };
  }
}
// End README.

// README: first example (the output class, as written).
/** A forecast the agent answers with. */
class Forecast {
  city!: string;
  /** Degrees Celsius. */
  temperature!: number;
  outlook!: 'sunny' | 'cloudy' | 'rain';
}
// End README.

@Toolkit()
class OrderTools {
  readonly refunded: Array<{ orderId: string; amount: number }> = [];

  /** Refund an order. */
  @Tool({ needsApproval: true })
  refundOrder(@Param('orderId') orderId: string, @Param('amount') amount: number) {
    this.refunded.push({ orderId, amount });
    return `Refunded ${amount} on ${orderId}.`;
  }
}

describe('root README', () => {
  it('first example: a decorated toolkit, a scripted model and runner.run → finalOutput', async () => {
    const logged: unknown[] = [];
    const console = { log: (value: unknown) => logged.push(value) };

    // README: first example (the run, as written).
    const agent = new Agent({ name: 'assistant', instructions: 'Answer briefly.', tools: [new WeatherTools()] });
    const runner = new Runner({ model: new ScriptedModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo', units: null } }] },   // strict: optional → null
      { text: 'It is 8 °C in Oslo.' },
    ]) });
    const result = await runner.run(agent, 'What is the weather in Oslo?');
    console.log(result.finalOutput);
    // End README.

    expect(logged).toEqual(['It is 8 °C in Oslo.']);
    expect(result.status).toBe('completed');
    const output = result.newItems.find((item) => item.type === 'function_call_output');
    expect(output).toMatchObject({ output: JSON.stringify({ city: 'Oslo', temperature: 8 }) });
  });

  it('first example: a typed agent answers with a validated Forecast instance', async () => {
    const logged: unknown[] = [];
    const console = { log: (value: unknown) => logged.push(value) };

    // README: first example (the typed agent, as written).
    // A typed agent: the answer is validated against Forecast's build-time schema and instantiated.
    const forecaster = new Agent({ name: 'forecaster', tools: [new WeatherTools()], outputType: Forecast });
    const typed = await new Runner({ model: new ScriptedModel([
      { output: { city: 'Oslo', temperature: 8, outlook: 'rain' } },
    ]) }).run(forecaster, 'Forecast for Oslo?');
    const forecast: Forecast = typed.finalOutput;   // a Forecast instance
    console.log(forecast.outlook);
    // End README.

    expect(logged).toEqual(['rain']);
    expect(forecast).toBeInstanceOf(Forecast);
    const bad = new ScriptedModel([{ output: { city: 'Oslo', temperature: 8, outlook: 'snow' } }, { output: { city: 'Oslo', temperature: 8, outlook: 'sunny' } }]);
    const retried = await new Runner({ model: bad }).run(forecaster, 'Forecast for Oslo?');
    expect(retried.finalOutput.outlook).toBe('sunny');
    expect(bad.requests[0]!.outputFormat).toMatchObject({ name: 'Forecast', description: 'A forecast the agent answers with.', strict: true });
  });

  it('the first example offers get_weather with its strict build-time schema', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    await new Runner({ model }).run(new Agent({ name: 'a', tools: [new WeatherTools()] }), 'hi');
    expect(model.requests[0]!.tools).toEqual([{
      name: 'get_weather',
      description: 'Get the current weather for a city.',
      strict: true,
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string' },
          units: { type: ['string', 'null'], enum: ['celsius', 'fahrenheit', null] },
        },
        required: ['city', 'units'],
        additionalProperties: false,
      },
    }]);
  });

  it('Approvals: the pause → save → resume loop approves a small refund and rejects a large one', async () => {
    const secret = 'test-secret';
    const orders = new OrderTools();
    const agent = new Agent({ name: 'support', tools: [orders] });
    const model = new ScriptedModel([
      { toolCalls: [
        { name: 'refund_order', arguments: { orderId: 'A-17', amount: 120 }, callId: 'small' },
        { name: 'refund_order', arguments: { orderId: 'A-17', amount: 900 }, callId: 'large' },
      ] },
      { text: 'Refunded 120; the rest needs a manager.' },
    ]);
    const runner = new Runner({ model });

    // README: Approvals loop, as written.
    let result = await runner.run(agent, 'Refund order A-17');
    while (result.status === 'interrupted') {
      const json = result.state.toString({ secret });               // save it; resume anywhere
      const state = RunState.fromString(agent, json, { secret });
      for (const call of state.interruptions) {
        const { amount } = call.arguments as { amount: number };      // validated arguments
        if (call.toolName === 'refund_order' && amount <= 500) state.approve(call.callId);
        else state.reject(call.callId, { message: 'Needs a manager.' });
      }
      result = await runner.run(agent, state);
    }
    // End README.

    expect(result.status).toBe('completed');
    expect(result.finalOutput).toBe('Refunded 120; the rest needs a manager.');
    expect(orders.refunded).toEqual([{ orderId: 'A-17', amount: 120 }]);
    const outputs = result.history.filter((item) => item.type === 'function_call_output');
    expect(outputs).toEqual([
      expect.objectContaining({ callId: 'small', output: 'Refunded 120 on A-17.' }),
      expect.objectContaining({ callId: 'large', output: 'Needs a manager.' }),
    ]);
  });
});

describe('root README snippets in this file', () => {
  // Guards against drift: every block between the markers above must appear in README.md as is.
  const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
  const source = readFileSync(__filename, 'utf8');
  const blocks = [...source.matchAll(/\/\/ README: .*\n([\s\S]*?)\n\s*\/\/ End README\./g)].map((m) => dedent(m[1]!));

  it('finds the five copied blocks', () => {
    expect(blocks).toHaveLength(5);
  });

  // Line by line, leading indentation aside: the README nests the first example's run in `main()`.
  it.each(blocks.map((block, i) => [i, block]))('block %i is in README.md verbatim', (_i, block) => {
    expect(trimLines(readme)).toContain(trimLines(block));
  });
});

function trimLines(text: string): string {
  return text.split('\n').map((line) => line.trim()).join('\n');
}

function dedent(text: string): string {
  const lines = text.split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  return lines.map((l) => l.slice(indent)).join('\n');
}
