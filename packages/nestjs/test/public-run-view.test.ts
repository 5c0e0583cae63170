import 'reflect-metadata';
import { Body, Controller, Injectable, Module, Param as RouteParam, Post, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Param, Runner, ScriptedModel, Tool, Toolkit, type FunctionCallOutputItem, type RunStore } from '@toolwright/core';
import { AgentDefinition, AgentRegistry, InjectRunStore, ToolwrightModule } from '../src';
import { send } from './support/http';

const INSTRUCTIONS = 'You are the billing agent. SECRET-INSTRUCTION-TEXT: never refund twice.';

@Toolkit({ name: 'billing' })
@Injectable()
class BillingTools {
  /** Refund an order. */
  @Tool({ needsApproval: true })
  refundOrder(@Param('orderId') orderId: string, @Param('amount') amount: number): string {
    return `Refunded ${amount} EUR on order ${orderId}.`;
  }
}

@AgentDefinition({ name: 'support', instructions: INSTRUCTIONS, tools: [BillingTools] })
@Injectable()
class SupportAgent {}

/** The RunsController of the nestjs README, as written there. */
@Controller('runs')
class RunsController {
  constructor(private readonly runner: Runner, private readonly agents: AgentRegistry, @InjectRunStore() private readonly store: RunStore) {}

  @Post()
  start(@Body() body: { message: string }) {
    return this.runner.run(this.agents.get('support'), body.message, { store: this.store });
  }

  @Post(':id/approve/:callId')
  async approve(@RouteParam('id') id: string, @RouteParam('callId') callId: string) {
    await this.store.approve(id, callId);
    return this.runner.resume(this.agents.get('support'), id, { store: this.store });
  }
}

function refundModel(): ScriptedModel {
  return new ScriptedModel((request) => {
    const outputs = request.input.filter((i): i is FunctionCallOutputItem => i.type === 'function_call_output');
    if (outputs.length === 0) return { toolCalls: [{ name: 'refund_order', arguments: { orderId: 'A-17', amount: 30 }, callId: 'call_1' }], usage: { inputTokens: 10, outputTokens: 5 } };
    return { text: `Done: ${String(outputs[0]!.output)}` };
  });
}

describe('a RunResult returned over HTTP (the README controller)', () => {
  let app: INestApplication;
  beforeAll(async () => {
    @Module({
      imports: [ToolwrightModule.forRoot({ model: refundModel(), logDiscovery: false })],
      providers: [BillingTools, SupportAgent],
      controllers: [RunsController],
    })
    class AppModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
  });
  afterAll(() => app.close());

  it('sends only the public view: no instructions, schemas, history or state', async () => {
    const paused = await send(app, 'POST', '/runs', { message: 'Refund order A-17' });
    expect(paused.status).toBe(201);
    // finalOutput is undefined while the run waits, so JSON leaves it out.
    expect(Object.keys(paused.body).sort()).toEqual(['interruptions', 'runId', 'status', 'usage']);
    expect(paused.body).toMatchObject({
      status: 'interrupted',
      interruptions: [{ callId: 'call_1', toolName: 'refund_order', arguments: { orderId: 'A-17', amount: 30 }, agent: 'support' }],
      usage: { inputTokens: 10, outputTokens: 5 },
    });
    const text = JSON.stringify(paused.body);
    expect(text).not.toContain('SECRET-INSTRUCTION-TEXT');
    expect(text).not.toContain('"parameters"');
    expect(text).not.toContain('Refund order A-17');
    expect(text).not.toContain('toolwright.run-state');
    expect(text.length).toBeLessThan(600);

    const done = await send(app, 'POST', `/runs/${String(paused.body.runId)}/approve/call_1`);
    expect(done.body).toMatchObject({ status: 'completed', finalOutput: 'Done: Refunded 30 EUR on order A-17.', interruptions: [] });
    expect(JSON.stringify(done.body)).not.toContain('SECRET-INSTRUCTION-TEXT');
  });
});
