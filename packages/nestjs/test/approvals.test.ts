import 'reflect-metadata';
import { Inject, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  Ctx, Param, RunState, Runner, ScriptedModel, Tool, Toolkit, requireApprovalFor, type ApprovalPolicy, type ApprovalPolicyInput, type ToolContext,
} from '@toolwright/core';
import { AgentDefinition, AgentRegistry, ToolwrightModule } from '../src';

@Injectable()
class Ledger {
  readonly deleted: string[] = [];
}

@Toolkit({ name: 'records' })
@Injectable()
class RecordTools {
  constructor(private readonly ledger: Ledger) {}

  @Tool()
  deleteRecord(@Param('id') id: string, @Ctx() ctx: ToolContext<{ tenant?: string } | undefined>): string {
    this.ledger.deleted.push(ctx.context?.tenant === undefined ? id : `${id} for ${ctx.context.tenant}`);
    return `deleted ${id}`;
  }

  @Tool()
  readRecord(@Param('id') id: string): string {
    return `record ${id}`;
  }
}

const PROTECTED_IDS = Symbol('PROTECTED_IDS');

/** An approval policy class with an injected dependency. */
@Injectable()
class ProtectedRecordsPolicy implements ApprovalPolicy {
  readonly name = 'protected-records';
  constructor(@Inject(PROTECTED_IDS) private readonly ids: string[]) {}
  requiresApproval({ args }: ApprovalPolicyInput): boolean {
    return this.ids.includes(args.id);
  }
}

@Module({ providers: [{ provide: PROTECTED_IDS, useValue: ['r-1'] }], exports: [PROTECTED_IDS] })
class PolicyConfigModule {}

@AgentDefinition({ name: 'records', tools: [RecordTools] })
@Injectable()
class RecordsAgent {}

function callThenAnswer(name: string, id: string) {
  return new ScriptedModel((request) =>
    request.input.some((i) => i.type === 'function_call_output') ? { text: 'finished' } : { toolCalls: [{ name, arguments: { id }, callId: 'c1' }] },
  );
}

async function start(options: Parameters<typeof ToolwrightModule.forRoot>[0]) {
  const app = await Test.createTestingModule({
    imports: [ToolwrightModule.forRoot(options)],
    providers: [Ledger, RecordTools, RecordsAgent],
  }).compile();
  app.useLogger(false);
  await app.init();
  return app;
}

describe('Approvals through the module', () => {
  it('pauses on a module-level approval policy, then resumes from the serialised state once approved', async () => {
    const app = await start({ model: callThenAnswer('delete_record', 'r-9'), approvalPolicies: [requireApprovalFor('delete_*')] });
    const runner = app.get(Runner);
    const registry = app.get(AgentRegistry);
    const paused = await runner.run(registry.get('records'), 'delete r-9');
    expect(paused.status).toBe('interrupted');
    expect(paused.interruptions.map((r) => [r.toolName, r.callId])).toEqual([['delete_record', 'c1']]);
    expect(app.get(Ledger).deleted).toEqual([]);

    const state = RunState.fromString(registry.list(), paused.state.toString());
    state.approve('c1');
    const resumed = await runner.run(registry.get('records'), state);
    expect(resumed.status).toBe('completed');
    expect(app.get(Ledger).deleted).toEqual(['r-9']);
    await app.close();
  });

  it('resolves an approval policy class from the container, with its injected configuration', async () => {
    const protectedCall = await Test.createTestingModule({
      imports: [ToolwrightModule.forRoot({ imports: [PolicyConfigModule], model: callThenAnswer('read_record', 'r-1'), approvalPolicies: [ProtectedRecordsPolicy] })],
      providers: [Ledger, RecordTools, RecordsAgent],
    }).compile();
    protectedCall.useLogger(false);
    await protectedCall.init();
    const result = await protectedCall.get(Runner).run(protectedCall.get(AgentRegistry).get('records'), 'read r-1');
    expect(result.status).toBe('interrupted');
    await protectedCall.close();

    const app = await start({ model: callThenAnswer('read_record', 'r-2'), imports: [PolicyConfigModule], approvalPolicies: [ProtectedRecordsPolicy] });
    expect((await app.get(Runner).run(app.get(AgentRegistry).get('records'), 'read r-2')).status).toBe('completed');
    await app.close();
  });

  it('decides inline with the runner-level approvalHandler from the module options', async () => {
    const seen: string[] = [];
    const app = await start({
      model: callThenAnswer('delete_record', 'r-3'),
      approvalPolicies: [requireApprovalFor('delete_*')],
      runner: { approvalHandler: (request) => (seen.push(request.toolName), { approved: false, message: 'not today' }) },
    });
    const result = await app.get(Runner).run(app.get(AgentRegistry).get('records'), 'delete r-3');
    expect(result.status).toBe('completed');
    expect(seen).toEqual(['delete_record']);
    expect(result.newItems).toContainEqual(expect.objectContaining({ type: 'function_call_output', output: 'not today' }));
    expect(app.get(Ledger).deleted).toEqual([]);
    await app.close();
  });

  it('keeps the run context slice of runner.persistContext in the signed state, so another app instance resumes without a side table', async () => {
    const options = { model: callThenAnswer('delete_record', 'r-7'), approvalPolicies: [requireApprovalFor('delete_*')], runner: { persistContext: (ctx: { user: string; tenant: string; token: string }) => ({ user: ctx.user, tenant: ctx.tenant }) } };
    const first = await start(options);
    const paused = await first.get(Runner).run(first.get(AgentRegistry).get('records'), 'delete r-7', { context: { user: 'alice', tenant: 'acme', token: 'secret-token' } });
    const text = paused.state.toString({ secret: 'k' });
    expect(text).not.toContain('secret-token');
    await first.close();

    // Another instance of the application (as another process would be) resumes it.
    const second = await start(options);
    const state = RunState.fromString<{ user: string; tenant: string }>(second.get(AgentRegistry).list(), text, { secret: 'k' });
    expect(state.context).toEqual({ user: 'alice', tenant: 'acme' });
    state.approve('c1');
    const resumed = await second.get(Runner).run(second.get(AgentRegistry).get('records'), state);
    expect(resumed.status).toBe('completed');
    expect(second.get(Ledger).deleted).toEqual(['r-7 for acme']);
    await second.close();
  });

  it('refuses an approval policy entry that is not one', async () => {
    await expect(
      Test.createTestingModule({ imports: [ToolwrightModule.forRoot({ approvalPolicies: [{ name: 'x' } as never] })] }).compile(),
    ).rejects.toThrow(/approvalPolicies\[0\] is not an approval policy/);
  });
});
