import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsIn, IsInt, Min, Validate, ValidateNested, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import {
  Agent, ModelRefusalError, MaxTurnsExceededError, MemoryRunStore, Output, OutputValidationError, Runner, ScriptedModel, Tool, ToolResult, Param,
  defineOutputGuardrail, GuardrailOutcome, type RunEvent, type RunResult,
} from '@toolwright/core';

enum Pace {
  Relaxed = 'relaxed',
  Busy = 'busy',
}

class TripDay {
  /** The day's date. */
  date!: Date;
  /** What to do. */
  activities!: string[];
}

/** A trip plan. */
class TripPlan {
  destination!: string;
  @IsInt()
  @Min(1)
  nights!: number;
  pace!: Pace;
  @ValidateNested({ each: true })
  @Type(() => TripDay)
  days!: TripDay[];
  /** Anything the traveller should know. */
  notes?: string;

  summary(): string {
    return `${this.nights} nights in ${this.destination}`;
  }
}

@ValidatorConstraint({ name: 'evenNumber' })
class EvenNumber implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'number' && value % 2 === 0;
  }
  defaultMessage(): string {
    return 'seats must be even (tables of two)';
  }
}

@Output()
class Booking {
  @Validate(EvenNumber)
  seats!: number;
  @IsIn(['lunch', 'dinner'])
  meal!: string;
}

class Tools {
  @Tool()
  weather(@Param('city') city: string): string {
    return `Sunny in ${city}`;
  }

  @Tool()
  book(@Param('seats') seats: number): string {
    return JSON.stringify({ seats, meal: 'dinner' });
  }
}

const plan = {
  destination: 'Oslo',
  nights: 2,
  pace: 'relaxed',
  days: [{ date: '2026-05-01T00:00:00.000Z', activities: ['museum'] }],
  notes: null,
};

describe('typed final output', () => {
  it('sends the strict schema and answers with an instance, dates revived, optional null absent', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }] }, { output: plan }]);
    const agent = new Agent({ name: 'planner', outputType: TripPlan, tools: [new Tools()] });
    const result: RunResult<TripPlan> = await new Runner({ model }).run(agent, 'Plan Oslo');
    const finalOutput: TripPlan = result.finalOutput;
    expect(finalOutput).toBeInstanceOf(TripPlan);
    expect(finalOutput.summary()).toBe('2 nights in Oslo');
    expect(finalOutput.days[0]).toBeInstanceOf(TripDay);
    expect(finalOutput.days[0]!.date).toBeInstanceOf(Date);
    expect(finalOutput.days[0]!.date.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(finalOutput.notes).toBeUndefined();
    expect(result.lastAgent.name).toBe('planner');
    const format = model.requests[0]!.outputFormat!;
    expect(format.name).toBe('TripPlan');
    expect(format.strict).toBe(true);
    expect(format.description).toBe('A trip plan.');
    expect(format.schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['destination', 'nights', 'pace', 'days', 'notes'],
      properties: {
        pace: { type: 'string', enum: ['relaxed', 'busy'] },
        nights: { type: 'integer', minimum: 1 },
        notes: { type: ['string', 'null'], description: 'Anything the traveller should know.' },
        days: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['date', 'activities'] } },
      },
    });
    expect(JSON.parse(JSON.stringify(result)).finalOutput).toEqual({ ...plan, notes: undefined });
  });

  it('feeds an invalid answer back with its violations, then accepts a valid retry', async () => {
    const model = new ScriptedModel([{ output: { ...plan, nights: 0, pace: 'frantic' } }, { output: plan }]);
    const agent = new Agent({ name: 'planner', outputType: TripPlan });
    const result = await new Runner({ model }).run(agent, 'Plan Oslo');
    expect(result.finalOutput).toBeInstanceOf(TripPlan);
    expect(result.turns).toBe(2);
    expect(result.usage.requests).toBe(2);
    const feedback = model.requests[1]!.input.at(-1)!;
    expect(feedback).toMatchObject({ type: 'message', role: 'user' });
    expect(JSON.stringify(feedback)).toMatch(/\/nights/);
    expect(JSON.stringify(feedback)).toMatch(/\/pace/);
  });

  it('fails with OutputValidationError naming every violation once the retries are spent', async () => {
    const bad = { ...plan, nights: 0, pace: 'frantic' };
    const model = new ScriptedModel([{ output: bad }, { output: bad }, { output: bad }]);
    const agent = new Agent({ name: 'planner', outputType: TripPlan, outputRetries: 2 });
    const error = await new Runner({ model }).run(agent, 'Plan Oslo').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(OutputValidationError);
    const e = error as OutputValidationError;
    expect(e.attempts).toBe(3);
    expect(e.message).toMatch(/\/nights/);
    expect(e.message).toMatch(/\/pace/);
    expect(e.violations.map((v) => v.path).sort()).toEqual(['/nights', '/pace']);
    expect((e.result as RunResult).usage.requests).toBe(3);
  });

  it('runs class-validator checks the schema cannot express (an @Output() class)', async () => {
    const model = new ScriptedModel([{ output: { seats: 3, meal: 'dinner' } }, { output: { seats: 4, meal: 'dinner' } }]);
    const agent = new Agent({ name: 'booker', outputType: Booking });
    const result = await new Runner({ model }).run(agent, 'Book');
    expect(result.finalOutput).toEqual(Object.assign(new Booking(), { seats: 4, meal: 'dinner' }));
    expect(JSON.stringify(model.requests[1]!.input.at(-1))).toMatch(/tables of two/);
  });

  it('accepts a JSON schema output type; the answer is the plain object', async () => {
    const model = new ScriptedModel([{ output: { city: 'Oslo' } }]);
    const agent = new Agent({ name: 'a', outputType: { name: 'place', schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } });
    const result = await new Runner({ model }).run(agent, 'Where?');
    expect(result.finalOutput).toEqual({ city: 'Oslo' });
    expect(model.requests[0]!.outputFormat).toEqual({
      name: 'place',
      strict: true,
      schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    });
  });

  it('refuses bad output types when the agent is built', () => {
    expect(() => new Agent({ name: 'a', outputType: 42 as never })).toThrow(/outputType must be a DTO class/);
    expect(() => new Agent({ name: 'a', outputType: { name: 'bad name!', schema: { type: 'object' } } })).toThrow(/letters, digits/);
    expect(() => new Agent({ name: 'a', outputRetries: -1 })).toThrow(/outputRetries/);
    class Unscanned {}
    const agent = new Agent({ name: 'a', outputType: Unscanned as never, model: new ScriptedModel([]) });
    return expect(new Runner().run(agent, 'x')).rejects.toThrow(/no schema is known for its output type Unscanned.*toolwright/s);
  });

  it('turns a refusal into ModelRefusalError with the model text', async () => {
    const model = new ScriptedModel([{ refusal: 'I cannot help with that trip.' }]);
    const agent = new Agent({ name: 'planner', outputType: TripPlan });
    const error = await new Runner({ model }).run(agent, 'Plan').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelRefusalError);
    expect((error as ModelRefusalError).refusal).toBe('I cannot help with that trip.');
    expect((error as Error).message).toMatch(/I cannot help with that trip/);
  });

  it('checks a terminal tool output against the type, naming the tool when it does not match', async () => {
    const ok = new Agent({ name: 'booker', outputType: Booking, tools: [new Tools()], toolUseBehavior: 'stop_on_first_tool' });
    const good = await new Runner({ model: new ScriptedModel([{ toolCalls: [{ name: 'book', arguments: { seats: 2 } }] }]) }).run(ok, 'Book');
    expect(good.finalOutput).toBeInstanceOf(Booking);
    expect(good.finalOutput).toMatchObject({ seats: 2, meal: 'dinner' });
    const odd = await new Runner({ model: new ScriptedModel([{ toolCalls: [{ name: 'book', arguments: { seats: 3 } }] }]) }).run(ok, 'Book').catch((e: unknown) => e);
    expect(odd).toBeInstanceOf(OutputValidationError);
    expect((odd as OutputValidationError).toolName).toBe('book');
    expect((odd as Error).message).toMatch(/tool "book".*tables of two/s);
    class Finisher {
      @Tool()
      finish(): ToolResult {
        return ToolResult.text('not json').asTerminal();
      }
    }
    const terminal = new Agent({ name: 'term', outputType: TripPlan, tools: [new Finisher()] });
    const err = await new Runner({ model: new ScriptedModel([{ toolCalls: [{ name: 'finish' }] }]) }).run(terminal, 'go').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutputValidationError);
    expect((err as Error).message).toMatch(/tool "finish".*not valid JSON/s);
  });

  it('streams output_delta events with the partial object, then the validated value', async () => {
    // Pretty-printed, so the scripted model streams it in many deltas.
    const model = new ScriptedModel([{ output: JSON.stringify(plan, null, 1) }]);
    const agent = new Agent({ name: 'planner', outputType: TripPlan });
    const stream = new Runner({ model }).stream(agent, 'Plan');
    const partials: unknown[] = [];
    for await (const event of stream as AsyncIterable<RunEvent>) if (event.type === 'output_delta') partials.push(event.partial);
    expect(partials.length).toBeGreaterThan(2);
    expect(partials).toContainEqual({ destination: 'Oslo' });
    expect(partials).toContainEqual({ destination: 'Oslo', nights: 2, pace: 'relaxed', days: [{ date: '2026-05-01T00:00:00.000Z', activities: [] }] });
    expect(partials.at(-1)).toEqual(plan);
    const result = await stream.result;
    expect(result.finalOutput).toBeInstanceOf(TripPlan);
  });

  it('gives output guardrails the typed value', async () => {
    const seen: unknown[] = [];
    const guard = defineOutputGuardrail({ name: 'g', check: ({ output }) => (seen.push(output), GuardrailOutcome.allow()) });
    const agent = new Agent({ name: 'planner', outputType: TripPlan, outputGuardrails: [guard] });
    await new Runner({ model: new ScriptedModel([{ output: plan }]) }).run(agent, 'Plan');
    expect(seen[0]).toBeInstanceOf(TripPlan);
  });

  it('hands off between agents of different output types: the last agent answers typed', async () => {
    const booker = new Agent({ name: 'booker', outputType: Booking });
    const planner = new Agent({ name: 'planner', outputType: TripPlan, handoffs: [booker] });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_booker' }] }, { output: { seats: 2, meal: 'lunch' } }]);
    const result = await new Runner({ model }).run(planner, 'Book a table');
    expect(result.lastAgent.name).toBe('booker');
    expect(result.finalOutput).toBeInstanceOf(Booking);
    expect(model.requests[0]!.outputFormat!.name).toBe('TripPlan');
    expect(model.requests[1]!.outputFormat!.name).toBe('Booking');
  });

  it("onMaxTurns: 'final_answer' makes one last call without tools that must produce the output", async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }] }, { output: plan }]);
    const agent = new Agent({ name: 'planner', outputType: TripPlan, tools: [new Tools()] });
    const result = await new Runner({ model }).run(agent, 'Plan', { maxTurns: 1, onMaxTurns: 'final_answer' });
    expect(result.status).toBe('completed');
    expect(result.finalOutput).toBeInstanceOf(TripPlan);
    expect(model.requests[1]!.tools).toEqual([]);
    const again = new ScriptedModel([{ toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }] }, { output: plan }]);
    await expect(new Runner({ model: again }).run(agent, 'Plan', { maxTurns: 1 })).rejects.toBeInstanceOf(MaxTurnsExceededError);
    const invalid = new ScriptedModel([{ toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }] }, { output: { nope: 1 } }]);
    await expect(new Runner({ model: invalid }).run(agent, 'Plan', { maxTurns: 1, onMaxTurns: 'final_answer' })).rejects.toBeInstanceOf(OutputValidationError);
    await expect(new Runner({ model }).run(agent, 'Plan', { onMaxTurns: 'later' as never })).rejects.toThrow(/onMaxTurns/);
  });

  it('stopSignal ends the run after the current turn with status stopped and the partial result', async () => {
    const stop = new AbortController();
    class Stopper {
      @Tool()
      step(): string {
        stop.abort();
        return 'stepped';
      }
    }
    const model = new ScriptedModel([{ toolCalls: [{ name: 'step' }] }, { output: plan }]);
    const agent = new Agent({ name: 'planner', outputType: TripPlan, tools: [new Stopper()] });
    const result = await new Runner({ model }).run(agent, 'Plan', { stopSignal: stop.signal });
    expect(result.status).toBe('stopped');
    expect(result.finalOutput).toBeUndefined();
    expect(model.requests).toHaveLength(1);
    expect(result.newItems.map((i) => i.type)).toEqual(['function_call', 'function_call_output']);
    expect(result.toJSON().status).toBe('stopped');
    // The stopped state goes on when run again.
    const resumed = await new Runner({ model }).run(agent, result.state);
    expect(resumed.finalOutput).toBeInstanceOf(TripPlan);
  });

  it('a paused run resumed from a store ends typed', async () => {
    class Approved {
      @Tool({ needsApproval: true })
      reserve(): string {
        return 'reserved';
      }
    }
    const store = new MemoryRunStore();
    const model = new ScriptedModel([{ toolCalls: [{ name: 'reserve' }] }, { output: plan }]);
    const agent = new Agent({ name: 'planner', outputType: TripPlan, tools: [new Approved()] });
    const runner = new Runner({ model });
    const paused = await runner.run(agent, 'Plan', { store });
    expect(paused.status).toBe('interrupted');
    await store.approve(paused.runId!, paused.interruptions[0]!.callId);
    const done = await runner.resume(agent, paused.runId!, { store });
    expect(done.status).toBe('completed');
    expect(done.finalOutput).toBeInstanceOf(TripPlan);
    expect(done.finalOutput.days[0]!.date).toBeInstanceOf(Date);
    expect(done.toJSON().finalOutput).toMatchObject({ destination: 'Oslo' });
  });
});
