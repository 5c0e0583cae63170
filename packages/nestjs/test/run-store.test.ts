import 'reflect-metadata';
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Pool } from 'pg';
import {
  MemoryRunStore, Param, RunAlreadyClaimedError, Runner, ScriptedModel, Tool, Toolkit, type FunctionCallOutputItem, type RunStore,
} from '@toolwright/core';
import { PostgresRunStore } from '../../postgres/src';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../postgres/src/testing';
import { AgentDefinition, AgentRegistry, InjectRunStore, RUN_STORE, ToolwrightModule } from '../src';

/** The payments side effect, one per application instance. */
@Injectable()
class Payments {
  readonly refunds: string[] = [];
}

@Toolkit({ name: 'billing' })
@Injectable()
class BillingTools {
  constructor(private readonly payments: Payments) {}

  /** Refund an order. */
  @Tool({ needsApproval: true, idempotent: false })
  refundOrder(@Param('orderId') orderId: string, @Param('amount') amount: number): string {
    this.payments.refunds.push(`${orderId}:${amount}`);
    return `Refunded ${amount} EUR on order ${orderId}.`;
  }
}

@AgentDefinition({ name: 'support', tools: [BillingTools] })
@Injectable()
class SupportAgent {}

/** What a controller of the app would do: start runs, resume them by id, with the injected store. */
@Injectable()
class RefundService {
  constructor(
    private readonly runner: Runner,
    private readonly agents: AgentRegistry,
    @InjectRunStore() readonly store: RunStore,
  ) {}

  start(message: string) {
    return this.runner.run(this.agents.get('support'), message, { store: this.store });
  }

  resume(runId: string) {
    return this.runner.resume(this.agents.get('support'), runId, { store: this.store });
  }
}

function refundModel(): ScriptedModel {
  return new ScriptedModel((request) => {
    const outputs = request.input.filter((i): i is FunctionCallOutputItem => i.type === 'function_call_output');
    if (outputs.length === 0) return { toolCalls: [{ name: 'refund_order', arguments: { orderId: 'A-17', amount: 300 }, callId: 'call_refund_A-17' }] };
    return { text: `Done: ${String(outputs[0]!.output)}` };
  });
}

async function start(store?: RunStore): Promise<INestApplicationContext> {
  const app = await Test.createTestingModule({
    imports: [ToolwrightModule.forRoot({ model: refundModel(), ...(store ? { store } : {}), logDiscovery: false })],
    providers: [Payments, BillingTools, SupportAgent, RefundService],
  }).compile();
  app.useLogger(false);
  await app.init();
  return app;
}

describe('ToolwrightModule with a run store', () => {
  let server: EmbeddedPostgres;
  let pool: Pool;

  beforeAll(async () => {
    server = await startEmbeddedPostgres();
    pool = new Pool({ connectionString: server.connectionString, max: 10 });
    pool.on('error', () => undefined);
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  it('two app instances share one PostgreSQL: pause on one, approve and resume on the other, refunded once', async () => {
    const secret = 'nest-replicas-secret-0123456789';
    const one = await start(new PostgresRunStore({ pool, secret, createTables: true }));
    const two = await start(new PostgresRunStore({ pool, secret, createTables: true }));
    try {
      const paused = await one.get(RefundService).start('Please refund order A-17');
      expect(paused.status).toBe('interrupted');
      const store = two.get<RunStore>(RUN_STORE);
      const [pending] = (await store.inspect(paused.runId!)).interruptions;
      expect(pending).toMatchObject({ toolName: 'refund_order', arguments: { orderId: 'A-17', amount: 300 } });
      await store.approve(paused.runId!, pending!.callId);
      const done = await two.get(RefundService).resume(paused.runId!);
      expect(done.finalOutput).toBe('Done: Refunded 300 EUR on order A-17.');
      expect(two.get(Payments).refunds).toEqual(['A-17:300']);
      await expect(one.get(RefundService).resume(paused.runId!)).rejects.toBeInstanceOf(RunAlreadyClaimedError);
      expect(one.get(Payments).refunds).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('injects an in-memory store when none is configured', async () => {
    const app = await start();
    try {
      expect(app.get(RUN_STORE)).toBeInstanceOf(MemoryRunStore);
    } finally {
      await app.close();
    }
  });

  it('refuses a store option that is not a RunStore', async () => {
    await expect(start({ save: () => 'nope' } as unknown as RunStore)).rejects.toThrow('store must be a RunStore');
  });
});
