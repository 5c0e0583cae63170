import 'reflect-metadata';
import {
  Agent, DEFAULT_REJECTION_MESSAGE, GuardrailOutcome, Param, RequiresApproval, RunStateError, Runner, ScriptedModel, Tool,
  ToolArgumentsError, ToolCallError, defineApprovalPolicy, defineTool, defineToolInputGuardrail, requireApprovalFor,
  type ApprovalRequest, type RunEvent,
} from '@toolwright/core';
import { bareTool, outputsOf, textTool } from '../runner/helpers';

/** A refund tool: `amount` required, `note` optional (nullable under strict mode). */
function refundTool(invoke = jest.fn((_ctx: unknown, args: { amount: number; note?: string }) => `refunded ${args.amount}`), fields = {}) {
  const tool = defineTool({
    name: 'refund',
    description: 'Refund an amount.',
    parameters: {
      type: 'object',
      properties: { amount: { type: 'number', minimum: 0 }, note: { type: 'string' } },
      required: ['amount'],
    },
    invoke,
    ...fields,
  });
  return { tool, invoke };
}

const twoCalls = () =>
  new ScriptedModel([
    {
      toolCalls: [
        { name: 'lookup', arguments: { value: 'order 42' }, callId: 'c1' },
        { name: 'refund', arguments: { amount: 30, note: null }, callId: 'c2' },
      ],
    },
    (request) => ({ text: `done: ${JSON.stringify(outputsOf(request.input))}` }),
  ]);

describe('Approvals', () => {
  describe('when a call of the batch needs approval and nothing decides it', () => {
    it('pauses the whole batch: nothing of it runs, the result lists the interruption with typed arguments', async () => {
      const lookup = jest.fn(() => 'found');
      const { tool, invoke } = refundTool(undefined, { needsApproval: true });
      const agent = new Agent({ name: 'support', tools: [textTool('lookup', lookup), tool] });
      const model = twoCalls();
      const result = await new Runner({ model }).run(agent, 'refund order 42');
      expect(result.status).toBe('interrupted');
      expect(lookup).not.toHaveBeenCalled();
      expect(invoke).not.toHaveBeenCalled();
      expect(result.interruptions).toEqual([{ callId: 'c2', toolName: 'refund', arguments: { amount: 30 }, agent }]);
      expect((result.interruptions[0]!.arguments as { note?: string }).note).toBeUndefined();
      expect(result.state.interruptions).toEqual(result.interruptions);
      expect(result.state.status).toBe('interrupted');
      expect(model.requests).toHaveLength(1);
      // The pending calls have no outputs in the history yet.
      expect(result.history.filter((i) => i.type === 'function_call_output')).toEqual([]);
    });

    it('emits approval_required before run_completed on a streamed run', async () => {
      const { tool } = refundTool(undefined, { needsApproval: true });
      const agent = new Agent({ name: 'support', tools: [textTool('lookup', () => 'found'), tool] });
      const stream = new Runner({ model: twoCalls() }).stream(agent, 'go');
      const events: RunEvent[] = [];
      for await (const event of stream) events.push(event);
      const types = events.map((e) => e.type);
      expect(types.slice(-2)).toEqual(['approval_required', 'run_completed']);
      expect(types).not.toContain('tool_output');
      const required = events.find((e) => e.type === 'approval_required') as { interruptions: ApprovalRequest[] };
      expect(required.interruptions.map((r) => r.callId)).toEqual(['c2']);
      // Every event names the agent, the pause and the end of the run included.
      for (const event of events) expect(event.agent).toBe(agent);
      expect((await stream.result).status).toBe('interrupted');
    });
  });

  describe('after a decision, the resumed run', () => {
    it('runs an approved call and its siblings that needed no approval, then asks the model again', async () => {
      const lookup = jest.fn(() => 'found');
      const { tool, invoke } = refundTool(undefined, { needsApproval: true });
      const agent = new Agent({ name: 'support', tools: [textTool('lookup', lookup), tool] });
      const runner = new Runner({ model: twoCalls() });
      const paused = await runner.run(agent, 'go');
      paused.state.approve('c2');
      const resumed = await runner.run(agent, paused.state);
      expect(resumed.status).toBe('completed');
      expect(lookup).toHaveBeenCalledTimes(1);
      expect(invoke).toHaveBeenCalledTimes(1);
      expect(resumed.finalOutput).toBe('done: {"c1":"found","c2":"refunded 30"}');
      expect(resumed.newItems.map((i) => i.type)).toEqual(['function_call_output', 'function_call_output', 'message']);
    });

    it('feeds a rejection message (default text when none) to the model, which gets another turn', async () => {
      const { tool, invoke } = refundTool(undefined, { needsApproval: true });
      const agent = new Agent({ name: 'support', tools: [textTool('lookup', () => 'found'), tool] });
      const runner = new Runner({ model: twoCalls() });
      const paused = await runner.run(agent, 'go');
      paused.state.reject('c2');
      const resumed = await runner.run(agent, paused.state);
      expect(invoke).not.toHaveBeenCalled();
      expect(resumed.finalOutput).toBe(`done: {"c1":"found","c2":"${DEFAULT_REJECTION_MESSAGE}"}`);
      expect(DEFAULT_REJECTION_MESSAGE).toBe('Tool execution was not approved.');

      const runner2 = new Runner({ model: twoCalls() });
      const again = await runner2.run(agent, 'go');
      again.state.reject('c2', { message: 'Refunds are frozen today.' });
      expect((await runner2.run(agent, again.state)).finalOutput).toContain('"c2":"Refunds are frozen today."');
    });

    it('runs an approved call with edited arguments, validated against the schema', async () => {
      const { tool, invoke } = refundTool(undefined, { needsApproval: true });
      const agent = new Agent({ name: 'support', tools: [textTool('lookup', () => 'found'), tool] });
      const runner = new Runner({ model: twoCalls() });
      const paused = await runner.run(agent, 'go');
      expect(() => paused.state.approve('c2', { arguments: { amount: -5 } })).toThrow(ToolArgumentsError);
      expect(() => paused.state.approve('c2', { arguments: { amount: 'ten' } })).toThrow(/amount/);
      paused.state.approve('c2', { arguments: { amount: 10 } });
      const resumed = await runner.run(agent, paused.state);
      expect(invoke).toHaveBeenCalledTimes(1);
      expect(invoke.mock.calls[0]![1]).toEqual({ amount: 10 });
      expect((invoke.mock.calls[0]![0] as { arguments: string }).arguments).toBe('{"amount":10,"note":null}');
      expect(resumed.finalOutput).toContain('"c2":"refunded 10"');
    });

    it('resumes through runner.stream too, emitting the resumed batch\'s outputs', async () => {
      const { tool } = refundTool(undefined, { needsApproval: true });
      const agent = new Agent({ name: 'support', tools: [textTool('lookup', () => 'found'), tool] });
      const runner = new Runner({ model: twoCalls() });
      const paused = await runner.run(agent, 'go');
      paused.state.approve('c2');
      const stream = runner.stream(agent, paused.state);
      const events: RunEvent[] = [];
      for await (const event of stream) events.push(event);
      expect(events.filter((e) => e.type === 'tool_output').map((e) => (e as { callId: string }).callId).sort()).toEqual(['c1', 'c2']);
      expect(events.map((e) => e.type)).not.toContain('tool_called');
      expect(events[events.length - 1]!.type).toBe('run_completed');
      expect((await stream.result).finalOutput).toBe('done: {"c1":"found","c2":"refunded 30"}');
    });

    it('never re-runs calls already answered, and may pause again on the next batch', async () => {
      const lookup = jest.fn(() => 'found');
      const { tool, invoke } = refundTool(undefined, { needsApproval: true });
      const agent = new Agent({ name: 'support', tools: [textTool('lookup', lookup), tool] });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'refund', arguments: { amount: 1, note: null }, callId: 'r1' }] },
        { toolCalls: [{ name: 'lookup', arguments: { value: 'x' }, callId: 'l1' }, { name: 'refund', arguments: { amount: 2, note: null }, callId: 'r2' }] },
        { text: 'all done' },
      ]);
      const runner = new Runner({ model });
      const first = await runner.run(agent, 'go');
      first.state.approve('r1');
      const second = await runner.run(agent, first.state);
      expect(second.status).toBe('interrupted');
      expect(second.interruptions.map((r) => r.callId)).toEqual(['r2']);
      expect(invoke).toHaveBeenCalledTimes(1);
      expect(lookup).not.toHaveBeenCalled();
      second.state.approve('r2');
      const third = await runner.run(agent, second.state);
      expect(third.status).toBe('completed');
      expect(invoke).toHaveBeenCalledTimes(2);
      expect(lookup).toHaveBeenCalledTimes(1);
      expect(third.state.turn).toBe(3);
    });

    it('pauses again on the same calls when resumed without a decision', async () => {
      const { tool, invoke } = refundTool(undefined, { needsApproval: true });
      const agent = new Agent({ name: 'support', tools: [textTool('lookup', () => 'found'), tool] });
      const model = twoCalls();
      const runner = new Runner({ model });
      const paused = await runner.run(agent, 'go');
      const again = await runner.run(agent, paused.state);
      expect(again.status).toBe('interrupted');
      expect(again.interruptions.map((r) => r.callId)).toEqual(['c2']);
      expect(invoke).not.toHaveBeenCalled();
      expect(model.requests).toHaveLength(1);
    });

    it('applies `always` to later calls of the same tool, for approvals and rejections', async () => {
      const { tool, invoke } = refundTool(undefined, { needsApproval: true });
      const agent = new Agent({ name: 'support', tools: [tool] });
      const script = () =>
        new ScriptedModel([
          { toolCalls: [{ name: 'refund', arguments: { amount: 1, note: null }, callId: 'a' }] },
          { toolCalls: [{ name: 'refund', arguments: { amount: 2, note: null }, callId: 'b' }] },
          (request) => ({ text: JSON.stringify(outputsOf(request.input)) }),
        ]);
      const runner = new Runner({ model: script() });
      const paused = await runner.run(agent, 'go');
      paused.state.approve('a', { always: true });
      const done = await runner.run(agent, paused.state);
      expect(done.status).toBe('completed');
      expect(invoke).toHaveBeenCalledTimes(2);

      const runner2 = new Runner({ model: script() });
      const paused2 = await runner2.run(agent, 'go');
      paused2.state.reject('a', { always: true, message: 'no refunds' });
      const done2 = await runner2.run(agent, paused2.state);
      expect(done2.finalOutput).toBe('{"a":"no refunds","b":"no refunds"}');
      expect(invoke).toHaveBeenCalledTimes(2);
    });

    it('refuses decisions for call ids that are not pending, and on a state already resumed', async () => {
      const { tool } = refundTool(undefined, { needsApproval: true });
      const agent = new Agent({ name: 'support', tools: [textTool('lookup', () => 'found'), tool] });
      const runner = new Runner({ model: twoCalls() });
      const paused = await runner.run(agent, 'go');
      expect(() => paused.state.approve('c1')).toThrow(RunStateError);
      expect(() => paused.state.reject('nope')).toThrow(/no call with that id is waiting for approval. Pending: c2 \(refund\)/);
      paused.state.approve('c2');
      await runner.run(agent, paused.state);
      expect(() => paused.state.approve('c2')).toThrow(/already resumed/);
      await expect(runner.run(agent, paused.state)).rejects.toThrow(RunStateError);
    });
  });

  describe('declaring', () => {
    it('asks a per-call predicate with the validated, typed arguments (optional fields undefined)', async () => {
      const seen: unknown[] = [];
      const { tool, invoke } = refundTool(undefined, {
        needsApproval: (_ctx: unknown, args: { amount: number; note?: string }, callId: string) => {
          seen.push({ args: { ...args }, callId, note: args.note === null ? 'null' : args.note });
          return args.amount > 100;
        },
      });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'refund', arguments: { amount: 20, note: null }, callId: 'small' }] },
        { toolCalls: [{ name: 'refund', arguments: { amount: 500, note: 'vip' }, callId: 'big' }] },
        { text: 'ok' },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [tool] }), 'go');
      expect(invoke).toHaveBeenCalledTimes(1);
      expect(result.status).toBe('interrupted');
      expect(result.interruptions.map((r) => r.callId)).toEqual(['big']);
      expect(seen[0]).toEqual({ args: { amount: 20 }, callId: 'small', note: undefined });
      expect((seen[0] as { args: { note?: unknown } }).args.note).toBeUndefined();
      expect(seen[1]).toEqual({ args: { amount: 500, note: 'vip' }, callId: 'big', note: 'vip' });
    });

    it('maps @RequiresApproval on a method and on a class, with an optional predicate', async () => {
      @RequiresApproval()
      class Danger {
        @Tool({ description: 'Drop a table.' })
        drop(@Param('table') table: string) {
          return `dropped ${table}`;
        }
      }
      class Ops {
        @RequiresApproval((_ctx, args) => args.service === 'db')
        @Tool({ description: 'Restart a service.' })
        restart(@Param('service') service: string) {
          return `restarted ${service}`;
        }
      }
      const model = new ScriptedModel([
        {
          toolCalls: [
            { name: 'restart', arguments: { service: 'web' }, callId: 'r1' },
            { name: 'restart', arguments: { service: 'db' }, callId: 'r2' },
            { name: 'drop', arguments: { table: 'users' }, callId: 'd1' },
          ],
        },
      ]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [new Ops(), new Danger()] }), 'go');
      expect(result.interruptions.map((r) => [r.callId, r.toolName, r.arguments])).toEqual([
        ['r2', 'restart', { service: 'db' }],
        ['d1', 'drop', { table: 'users' }],
      ]);
    });

    it('lets approval policies require approval by tool name pattern, for tools that declare nothing', async () => {
      const del = jest.fn(() => 'deleted');
      const model = new ScriptedModel([
        {
          toolCalls: [
            { name: 'delete_user', arguments: {}, callId: 'd' },
            { name: 'list_users', arguments: {}, callId: 'l' },
            { name: 'deploy_prod', arguments: {}, callId: 'p' },
          ],
        },
      ]);
      const agent = new Agent({ name: 'a', tools: [bareTool('delete_user', del), bareTool('list_users', () => 'ada'), bareTool('deploy_prod', () => 'ok')] });
      const runner = new Runner({ model, approvalPolicies: [requireApprovalFor('delete_*'), requireApprovalFor(/^deploy/)] });
      const result = await runner.run(agent, 'go');
      expect(result.interruptions.map((r) => r.callId)).toEqual(['d', 'p']);
      expect(del).not.toHaveBeenCalled();
    });

    it('gives policies the whole batch, so batch-wide rules are possible', async () => {
      const bulk = defineApprovalPolicy({ name: 'bulk', requiresApproval: ({ batch }) => batch.length > 2 });
      const tools = [bareTool('a', () => 'a'), bareTool('b', () => 'b'), bareTool('c', () => 'c')];
      const calls = (n: number) => ({ toolCalls: ['a', 'b', 'c'].slice(0, n).map((name) => ({ name, arguments: {} })) });
      const small = await new Runner({ model: new ScriptedModel([calls(2), { text: 'ok' }]), approvalPolicies: [bulk] }).run(new Agent({ name: 'x', tools }), 'go');
      expect(small.status).toBe('completed');
      const big = await new Runner({ model: new ScriptedModel([calls(3)]), approvalPolicies: [bulk] }).run(new Agent({ name: 'x', tools }), 'go');
      expect(big.interruptions).toHaveLength(3);
    });

    it('follows the precedence recorded decision > per-call predicate > static flag > policies', async () => {
      const policy = requireApprovalFor('*');
      // A predicate answering false exempts the call from the policies.
      const exempt = bareTool('exempt', () => 'ran', { needsApproval: () => false });
      // No declaration: the policy decides.
      const plain = bareTool('plain', () => 'ran');
      // Static flag: approval needed even if no policy matched.
      const flagged = bareTool('flagged', () => 'ran', { needsApproval: true });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'exempt', callId: 'e' }, { name: 'plain', callId: 'p' }] },
        { text: 'ok' },
      ]);
      const r1 = await new Runner({ model, approvalPolicies: [policy] }).run(new Agent({ name: 'x', tools: [exempt, plain] }), 'go');
      expect(r1.interruptions.map((r) => r.callId)).toEqual(['p']);

      const m2 = new ScriptedModel([{ toolCalls: [{ name: 'flagged', callId: 'f' }] }]);
      const r2 = await new Runner({ model: m2, approvalPolicies: [requireApprovalFor('nothing')] }).run(new Agent({ name: 'x', tools: [flagged] }), 'go');
      expect(r2.interruptions.map((r) => r.callId)).toEqual(['f']);

      // A recorded standing decision wins: the predicate is not asked again.
      const predicate = jest.fn(() => true);
      const asked = bareTool('asked', () => 'ran', { needsApproval: predicate });
      const m3 = new ScriptedModel([{ toolCalls: [{ name: 'asked', callId: 'x1' }] }, { toolCalls: [{ name: 'asked', callId: 'x2' }] }, { text: 'ok' }]);
      const runner = new Runner({ model: m3 });
      const agent = new Agent({ name: 'x', tools: [asked] });
      const paused = await runner.run(agent, 'go');
      expect(predicate).toHaveBeenCalledTimes(1);
      paused.state.approve('x1', { always: true });
      const done = await runner.run(agent, paused.state);
      expect(done.status).toBe('completed');
      expect(predicate).toHaveBeenCalledTimes(1);
    });

    it('fails the run, wrapped, when a predicate throws', async () => {
      const tool = bareTool('boom', () => 'never', { needsApproval: () => { throw new Error('predicate broke'); } });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'boom', callId: 'b' }] }]);
      const error = await new Runner({ model }).run(new Agent({ name: 'x', tools: [tool] }), 'go').catch((e) => e);
      expect(error).toBeInstanceOf(ToolCallError);
      expect(error.message).toMatch(/needsApproval predicate of tool "boom" threw for call b: predicate broke/);
    });
  });

  describe('with an inline approvalHandler', () => {
    it('runs approved calls, answers rejected ones with the message, and never pauses', async () => {
      const { tool, invoke } = refundTool(undefined, { needsApproval: true });
      const handler = jest.fn(async (request: ApprovalRequest) =>
        (request.arguments as { amount: number }).amount < 100 ? { approved: true as const } : { approved: false as const, message: 'too much' },
      );
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'refund', arguments: { amount: 30, note: null }, callId: 'ok' }, { name: 'refund', arguments: { amount: 300, note: null }, callId: 'no' }] },
        (request) => ({ text: JSON.stringify(outputsOf(request.input)) }),
      ]);
      const result = await new Runner({ model, approvalHandler: handler }).run(new Agent({ name: 'x', tools: [tool] }), 'go');
      expect(result.status).toBe('completed');
      expect(handler.mock.calls.map(([r]) => r.callId)).toEqual(['ok', 'no']);
      expect(invoke).toHaveBeenCalledTimes(1);
      expect(result.finalOutput).toBe('{"ok":"refunded 30","no":"too much"}');
    });

    it('accepts synchronous decisions with edited arguments, and leaves undecided calls to a person', async () => {
      const { tool, invoke } = refundTool(undefined, { needsApproval: true });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'refund', arguments: { amount: 30, note: null }, callId: 'edit' }, { name: 'refund', arguments: { amount: 999, note: null }, callId: 'human' }] },
        { text: 'ok' },
      ]);
      const runner = new Runner({
        model,
        approvalHandler: (request) => (request.callId === 'edit' ? { approved: true, arguments: { amount: 25 } } : undefined),
      });
      const agent = new Agent({ name: 'x', tools: [tool] });
      const paused = await runner.run(agent, 'go');
      expect(paused.status).toBe('interrupted');
      expect(paused.interruptions.map((r) => r.callId)).toEqual(['human']);
      expect(invoke).not.toHaveBeenCalled();
      paused.state.approve('human');
      await runner.run(agent, paused.state);
      expect(invoke.mock.calls.map((c) => c[1])).toEqual([{ amount: 25 }, { amount: 999 }]);
    });

    it('fails the run when the handler throws', async () => {
      const { tool } = refundTool(undefined, { needsApproval: true });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'refund', arguments: { amount: 1, note: null } }] }]);
      const runner = new Runner({ model, approvalHandler: () => { throw new Error('approval service down'); } });
      await expect(runner.run(new Agent({ name: 'x', tools: [tool] }), 'go')).rejects.toThrow(/approvalHandler threw for call call_1: approval service down/);
    });
  });

  describe('with guardrailsBeforeApproval', () => {
    it('answers calls a guardrail refuses without asking, and checks approved calls again before they run', async () => {
      const checked: string[] = [];
      const guard = defineToolInputGuardrail({
        name: 'limit',
        check: ({ args, ctx }) => {
          checked.push(ctx.callId);
          return args.amount > 1000 ? GuardrailOutcome.reject('Over the hard limit.') : GuardrailOutcome.allow();
        },
      });
      const { tool, invoke } = refundTool(undefined, { needsApproval: true, inputGuardrails: [guard] });
      const model = new ScriptedModel([
        { toolCalls: [{ name: 'refund', arguments: { amount: 5000, note: null }, callId: 'huge' }, { name: 'refund', arguments: { amount: 50, note: null }, callId: 'fine' }] },
        (request) => ({ text: JSON.stringify(outputsOf(request.input)) }),
      ]);
      const runner = new Runner({ model, guardrailsBeforeApproval: true });
      const agent = new Agent({ name: 'x', tools: [tool] });
      const paused = await runner.run(agent, 'go');
      expect(paused.interruptions.map((r) => r.callId)).toEqual(['fine']);
      expect(checked).toEqual(['huge', 'fine']);
      paused.state.approve('fine');
      const done = await runner.run(agent, paused.state);
      expect(checked).toEqual(['huge', 'fine', 'fine']);
      expect(invoke).toHaveBeenCalledTimes(1);
      expect(done.finalOutput).toBe('{"huge":"Over the hard limit.","fine":"refunded 50"}');
    });

    it('asks about every call when the option is off (the default)', async () => {
      const guard = defineToolInputGuardrail({ name: 'limit', check: () => GuardrailOutcome.reject('no') });
      const { tool } = refundTool(undefined, { needsApproval: true, inputGuardrails: [guard] });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'refund', arguments: { amount: 5000, note: null }, callId: 'huge' }] }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'x', tools: [tool] }), 'go');
      expect(result.interruptions.map((r) => r.callId)).toEqual(['huge']);
    });
  });
});
