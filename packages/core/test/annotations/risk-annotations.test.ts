import 'reflect-metadata';
import {
  Agent, Param, Runner, ScriptedModel, Tool, ToolDefinitionError, ToolSearchToolset, UserError, effectiveAnnotations, handoff,
  requireApprovalFor, toolsOf, type Tool as ToolObject,
} from '@toolwright/core';
import { bareTool, outputsOf, sleep, textTool } from '../runner/helpers';

class FileTools {
  /** Read a file. */
  @Tool({ readOnly: true, openWorld: false })
  readFile(@Param('path') path: string): string {
    return `contents of ${path}`;
  }

  /** Delete a file. */
  @Tool({ destructive: true, idempotent: true, sequential: true, retrySafe: false })
  deleteFile(@Param('path') path: string): string {
    return `deleted ${path}`;
  }

  /** Touch a file. */
  @Tool()
  touch(@Param('path') path: string): string {
    return `touched ${path}`;
  }
}

class AuditedFileTools extends FileTools {}

describe('Risk annotations', () => {
  describe('Z-1, Z-154: annotations and execution hints are fields of the Tool object', () => {
    it('defineTool keeps readOnly, destructive, idempotent, openWorld, sequential and retrySafe; a spread copy keeps them too', () => {
      const tool = bareTool('wipe', () => 'ok', { readOnly: false, destructive: true, idempotent: false, openWorld: false, sequential: true, retrySafe: true });
      expect(tool).toMatchObject({ readOnly: false, destructive: true, idempotent: false, openWorld: false, sequential: true, retrySafe: true });
      const copy: ToolObject = { ...tool, name: 'wipe_all' };
      expect(copy).toMatchObject({ destructive: true, sequential: true, retrySafe: true });
    });

    it('leaves undeclared annotations absent (not false), so "not declared" stays distinguishable', () => {
      const tool = bareTool('plain', () => 'ok');
      for (const key of ['readOnly', 'destructive', 'idempotent', 'openWorld', 'sequential', 'retrySafe']) expect(key in tool).toBe(false);
    });

    it('@Tool options map onto the same fields, for the class and its subclasses', () => {
      for (const instance of [new FileTools(), new AuditedFileTools()]) {
        const byName = Object.fromEntries(toolsOf(instance).map((t) => [t.name, t]));
        expect(byName.read_file).toMatchObject({ readOnly: true, openWorld: false });
        expect('destructive' in byName.read_file!).toBe(false);
        expect(byName.delete_file).toMatchObject({ destructive: true, idempotent: true, sequential: true, retrySafe: false });
        expect('readOnly' in byName.touch!).toBe(false);
      }
    });

    it('rejects a non-boolean annotation when the class is defined, naming the method and the option', () => {
      expect(() => {
        class Bad {
          @Tool({ readOnly: 'yes' as unknown as boolean })
          look(@Param('q') q: string) {
            return q;
          }
        }
        return Bad;
      }).toThrow(/@Tool on Bad\.look: readOnly must be true or false \(got "yes"\)/);
    });

    it('rejects a tool that is both readOnly and destructive', () => {
      expect(() => bareTool('odd', () => 'x', { readOnly: true, destructive: true })).toThrow(ToolDefinitionError);
      expect(() => bareTool('odd', () => 'x', { readOnly: true, destructive: true })).toThrow(/cannot be both readOnly and destructive/);
    });

    it('reads undeclared hints with MCP defaults: not read-only, destructive, not idempotent, open-world', () => {
      expect(effectiveAnnotations({})).toEqual({ readOnly: false, destructive: true, idempotent: false, openWorld: true });
      expect(effectiveAnnotations({ readOnly: true })).toEqual({ readOnly: true, destructive: false, idempotent: true, openWorld: true });
      expect(effectiveAnnotations({ destructive: false, openWorld: false })).toEqual({ readOnly: false, destructive: false, idempotent: false, openWorld: false });
    });

    it('marks the built-in handoff and search_tools tools read-only and closed-world', async () => {
      const search = new ToolSearchToolset({ tools: [bareTool('x', () => 'x')] });
      expect(search.searchTool).toMatchObject({ readOnly: true, openWorld: false });
      const billing = new Agent({ name: 'billing' });
      const model = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_billing' }] }, { text: 'ok' }]);
      const seen: ToolObject[] = [];
      const runner = new Runner({ model, approvalPolicies: [{ name: 'spy', requiresApproval: ({ tool }) => (seen.push(tool), false) }] });
      await runner.run(new Agent({ name: 'triage', handoffs: [handoff(billing)] }), 'go');
      expect(seen[0]).toMatchObject({ name: 'transfer_to_billing', readOnly: true, openWorld: false });
    });
  });

  describe('Z-89: a sequential tool makes its whole batch run serially', () => {
    function probe() {
      let running = 0;
      let max = 0;
      const order: string[] = [];
      const work = async (name: string, value: string) => {
        running++;
        max = Math.max(max, running);
        order.push(`${name}:${value}`);
        await sleep(5);
        running--;
        return `${name} ${value}`;
      };
      return { work, order, get max() { return max; } };
    }
    const batch = [
      { name: 'fetch', arguments: { value: 'a' }, callId: 'c1' },
      { name: 'fetch', arguments: { value: 'b' }, callId: 'c2' },
      { name: 'migrate', arguments: { value: 'c' }, callId: 'c3' },
      { name: 'fetch', arguments: { value: 'd' }, callId: 'c4' },
    ];

    it('runs every call of a batch holding a sequential tool one at a time, in call order', async () => {
      const p = probe();
      const tools = [textTool('fetch', (_c, a) => p.work('fetch', a.value)), textTool('migrate', (_c, a) => p.work('migrate', a.value), { sequential: true })];
      const model = new ScriptedModel([{ toolCalls: batch }, { text: 'ok' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'x', tools }), 'go');
      expect(p.max).toBe(1);
      expect(p.order).toEqual(['fetch:a', 'fetch:b', 'migrate:c', 'fetch:d']);
      expect(outputsOf(result.history)).toEqual({ c1: 'fetch a', c2: 'fetch b', c3: 'migrate c', c4: 'fetch d' });
    });

    it('runs the same batch concurrently when no tool of it is sequential', async () => {
      const p = probe();
      const tools = [textTool('fetch', (_c, a) => p.work('fetch', a.value)), textTool('migrate', (_c, a) => p.work('migrate', a.value))];
      await new Runner({ model: new ScriptedModel([{ toolCalls: batch }, { text: 'ok' }]) }).run(new Agent({ name: 'x', tools }), 'go');
      expect(p.max).toBe(4);
    });

    it('lets the rest run concurrently when the sequential call does not run (invalid arguments)', async () => {
      const p = probe();
      const tools = [textTool('fetch', (_c, a) => p.work('fetch', a.value)), textTool('migrate', (_c, a) => p.work('migrate', a.value), { sequential: true })];
      const bad = batch.map((c) => (c.name === 'migrate' ? { ...c, arguments: { value: 42 } } : c));
      await new Runner({ model: new ScriptedModel([{ toolCalls: bad }, { text: 'ok' }]) }).run(new Agent({ name: 'x', tools }), 'go');
      expect(p.max).toBe(3);
    });
  });

  describe('Z-155: requireApprovalFor({ destructive: true }) gates by annotation', () => {
    const tools = () => ({
      read: textTool('read', jest.fn(() => 'read'), { readOnly: true }),
      write: textTool('write', jest.fn(() => 'written')),
      append: textTool('append', jest.fn(() => 'appended'), { destructive: false }),
      wipe: textTool('wipe', jest.fn(() => 'wiped'), { destructive: true }),
    });
    const everyCall = ['read', 'write', 'append', 'wipe'].map((name, i) => ({ name, arguments: { value: 'x' }, callId: `c${i}` }));

    it('pauses for the destructive tools (declared, or undeclared under MCP defaults) and no others', async () => {
      const t = tools();
      const runner = new Runner({ model: new ScriptedModel([{ toolCalls: everyCall }, { text: 'ok' }]), approvalPolicies: [requireApprovalFor({ destructive: true })] });
      const result = await runner.run(new Agent({ name: 'x', tools: Object.values(t) }), 'go');
      expect(result.status).toBe('interrupted');
      expect(result.interruptions.map((r) => r.toolName)).toEqual(['write', 'wipe']);
    });

    it('combines annotations: every one named must match', async () => {
      const t = tools();
      const runner = new Runner({
        model: new ScriptedModel([{ toolCalls: everyCall }, { text: 'ok' }]),
        approvalPolicies: [requireApprovalFor({ readOnly: false, destructive: false })],
      });
      const result = await runner.run(new Agent({ name: 'x', tools: Object.values(t) }), 'go');
      expect(result.interruptions.map((r) => r.toolName)).toEqual(['append']);
    });

    it('names the policy after its filter and rejects an empty, unknown or non-boolean filter', () => {
      expect(requireApprovalFor({ destructive: true }).name).toBe('requireApprovalFor({"destructive":true})');
      expect(() => requireApprovalFor({})).toThrow(UserError);
      expect(() => requireApprovalFor({ dangerous: true } as never)).toThrow(/"dangerous" is not a risk annotation/);
      expect(() => requireApprovalFor({ destructive: 'yes' } as never)).toThrow(/destructive must be true or false/);
    });
  });
});
