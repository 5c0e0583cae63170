import 'reflect-metadata';
import { inspect } from 'node:util';
import { Body, Controller, HttpCode, Injectable, Module, Post, type INestApplication, type LoggerService } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  GuardrailOutcome, ModelError, Param, RequiresApproval, RunState, Runner, ScriptedModel, Tool, Toolkit, UseGuardrails, defineToolInputGuardrail,
  type Model, type ModelRequest,
} from '@toolwright/core';
import { AgentDefinition, AgentRegistry, ToolwrightExceptionFilter, ToolwrightModule, httpStatusOf, type ToolwrightExceptionFilterOptions } from '../src';
import { send } from './support/http';

const SECRET_INPUT = 'my card is 4111-1111-1111-1111';
const SECRET_OUTPUT = 'Ship to 12 Secret Lane, Springfield';

const noFridays = defineToolInputGuardrail({ name: 'no-fridays', check: ({ args }) => (args.id === 'friday' ? GuardrailOutcome.tripwire('no refunds on Fridays') : GuardrailOutcome.allow()) });

@Toolkit({ name: 'customers' })
@Injectable()
class CustomerTools {
  /** The customer's address. */
  @Tool()
  address(): string {
    return SECRET_OUTPUT;
  }

  /** Refund an order. */
  @RequiresApproval()
  @UseGuardrails(noFridays)
  @Tool()
  refund(@Param('id') id: string): string {
    return `refunded ${id}`;
  }
}

@AgentDefinition({ name: 'support', tools: [CustomerTools] })
@Injectable()
class SupportAgent {}

/** Reads the address, then calls what the message names; fails like a provider when it says "crash". */
class TestModel implements Model {
  private readonly scripted = new ScriptedModel((request) => {
    const text = JSON.stringify(request.input);
    const outputs = request.input.filter((i) => i.type === 'function_call_output').length;
    if (outputs === 0) return { toolCalls: [{ name: 'address', arguments: {}, callId: 'c-address' }] };
    if (outputs === 1 && /refund (\w+)/.test(text)) return { toolCalls: [{ name: 'refund', arguments: { id: /refund (\w+)/.exec(text)![1] }, callId: 'c-refund' }] };
    return { text: 'done' };
  });
  respond(request: ModelRequest, signal?: AbortSignal) {
    if (request.input.some((i) => i.type === 'function_call_output') && JSON.stringify(request.input).includes('crash')) {
      return Promise.reject(new ModelError('The model provider answered 500.', { status: 500, requestId: 'req_42' }));
    }
    return this.scripted.respond(request, signal);
  }
  stream(request: ModelRequest, signal?: AbortSignal) {
    return this.scripted.stream(request, signal);
  }
}

@Controller()
class ChatController {
  constructor(
    private readonly runner: Runner,
    private readonly agents: AgentRegistry,
  ) {}

  @Post('chat')
  @HttpCode(200)
  async chat(@Body() body: { message: string }) {
    const result = await this.runner.run(this.agents.get('support'), body.message);
    return { status: result.status, output: result.finalOutput, state: result.status === 'interrupted' ? result.state.toString() : undefined };
  }

  @Post('approve')
  @HttpCode(200)
  async approve(@Body() body: { state: string; arguments?: unknown }) {
    const state = RunState.fromString(this.agents.list(), body.state);
    state.approve('c-refund', { arguments: body.arguments });
    const result = await this.runner.run(this.agents.get('support'), state);
    return { status: result.status, output: result.finalOutput };
  }
}

@Module({ imports: [ToolwrightModule.forRoot({ model: new TestModel() })], providers: [CustomerTools, SupportAgent], controllers: [ChatController] })
class AppModule {}

/** Keeps every log line as the console would print it. */
class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  log = (...args: unknown[]) => this.keep(args);
  error = (...args: unknown[]) => this.keep(args);
  warn = (...args: unknown[]) => this.keep(args);
  debug = (...args: unknown[]) => this.keep(args);
  verbose = (...args: unknown[]) => this.keep(args);
  private keep(args: unknown[]): void {
    this.lines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 10 }))).join(' '));
  }
}

async function listen(filter?: ToolwrightExceptionFilterOptions): Promise<{ app: INestApplication; logs: CapturingLogger }> {
  const logs = new CapturingLogger();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: logs });
  if (filter !== undefined) app.useGlobalFilters(new ToolwrightExceptionFilter(filter));
  await app.listen(0, '127.0.0.1');
  return { app, logs };
}

function expectNoSecrets(text: string): void {
  expect({ leaksInput: text.includes(SECRET_INPUT), leaksOutput: text.includes(SECRET_OUTPUT) }).toEqual({ leaksInput: false, leaksOutput: false });
}

describe('Toolwright errors over HTTP', () => {
  describe('without the filter', () => {
    it('Nest\'s exception handler logs a ModelError that ended a run without the conversation or tool outputs', async () => {
      const { app, logs } = await listen();
      const res = await send(app, 'POST', '/chat', { message: `${SECRET_INPUT} crash` });
      expect(res.status).toBe(500);
      const logged = logs.lines.join('\n');
      expect(logged).toContain('The model provider answered 500.');
      expectNoSecrets(logged);
      expectNoSecrets(JSON.stringify(res.body));
      await app.close();
    });
  });

  describe('with ToolwrightExceptionFilter', () => {
    it('answers 502 for a model failure, with the error name and a generic message; the log line keeps the message, not the conversation', async () => {
      const { app, logs } = await listen({});
      const res = await send(app, 'POST', '/chat', { message: `${SECRET_INPUT} crash` });
      expect(res).toEqual({ status: 502, body: { statusCode: 502, error: 'ModelError', message: 'The assistant could not complete the request.' } });
      const logged = logs.lines.join('\n');
      expect(logged).toContain('ModelError: The model provider answered 500.');
      expectNoSecrets(logged);
      await app.close();
    });

    it('answers 403 for a guardrail tripwire, 400 for invalid edited arguments and 409 for a state resumed twice', async () => {
      const { app } = await listen({ exposeServerErrors: true });
      const tripped = await send(app, 'POST', '/chat', { message: 'refund friday' });
      expect(tripped.status).toBe(200);
      const approved = await send(app, 'POST', '/approve', { state: tripped.body.state });
      expect(approved).toMatchObject({ status: 403, body: { error: 'GuardrailTripwireError', toolName: 'refund', callId: 'c-refund' } });
      expect(approved.body.message).toMatch(/no refunds on Fridays/);

      const paused = await send(app, 'POST', '/chat', { message: 'refund o1' });
      const invalid = await send(app, 'POST', '/approve', { state: paused.body.state, arguments: { id: 42 } });
      expect(invalid).toMatchObject({ status: 400, body: { error: 'ToolArgumentsError', toolName: 'refund' } });
      expect((await send(app, 'POST', '/approve', { state: paused.body.state })).body).toEqual({ status: 'completed', output: 'done' });
      const again = await send(app, 'POST', '/approve', { state: paused.body.state });
      expect(again).toMatchObject({ status: 409, body: { error: 'RunStateError' } });
      await app.close();
    });

    it('takes a status override and can expose server error messages', async () => {
      const { app } = await listen({ statusOf: (error) => (error instanceof ModelError ? 503 : undefined), exposeServerErrors: true });
      const res = await send(app, 'POST', '/chat', { message: 'crash' });
      expect(res).toEqual({ status: 503, body: { statusCode: 503, error: 'ModelError', message: 'The model provider answered 500.' } });
      await app.close();
    });
  });

  it('maps statuses per error class', () => {
    expect(httpStatusOf(new ModelError('rate limited', { status: 429 }))).toBe(503);
    expect(httpStatusOf(new ModelError('bad gateway'))).toBe(502);
  });
});
