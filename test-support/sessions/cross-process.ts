/**
 * Two replicas in separate Node processes writing one session (PostgreSQL or Redis) at the same
 * time, and a run paused in this process resumed with the session in another. Call
 * `describeSessionCrossProcess` inside the backend's `describe`, after its server started.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { MemoryRunStore, Runner, type Item, type RunStore, type Session } from '@toolwright/core';
import { historyProblems } from '@toolwright/core/testing';

const ROOT = join(__dirname, '..', '..');
const WORKER = join(__dirname, 'session-worker.js');

function worker(args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [WORKER, ...args], { cwd: ROOT, timeout: 120_000 }, (error, stdout, stderr) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as Record<string, unknown>);
      } catch {
        reject(new Error(`the session worker failed: ${error?.message ?? ''}\n${stdout}\n${stderr}`));
      }
    });
  });
}

function text(item: Item): string {
  return item.type === 'message' && typeof item.content === 'string' ? item.content : item.type;
}

/** Registers the cross-process tests for one backend. */
export function describeSessionCrossProcess(
  backend: 'postgres' | 'redis',
  setup: () => { url: string; session: (id: string) => Session; store: (secret: string) => RunStore },
): void {
  describe('written by replicas in separate processes', () => {
    it('keeps every run\'s items and every group together, in each writer\'s order, losing none', async () => {
      const id = `xproc-${process.pid}-${Date.now()}`;
      const { url, session } = setup();
      const rounds = 8;
      const results = await Promise.all(['alpha', 'beta'].map((name) => worker([backend, url, id, 'chat', name, String(rounds)])));
      expect(results).toEqual([{ ok: true }, { ok: true }]);
      const items = (await session(id).getItems()).map(text);
      // Each writer: 8 runs of 2 items, and 4 groups of 3.
      expect(items).toHaveLength(2 * (rounds * 2 + (rounds / 2) * 3));
      for (const name of ['alpha', 'beta']) {
        const mine = items.filter((t) => t.startsWith(`${name}-`) || t.startsWith(`echo: ${name}-`));
        const expected: string[] = [];
        for (let r = 0; r < rounds; r++) {
          expected.push(`${name}-${r}`, `echo: ${name}-${r}`);
          if (r % 2 === 1) expected.push(...[1, 2, 3].map((n) => `${name}-${r}-group-${n}`));
        }
        expect(mine).toEqual(expected);
      }
      // A run's two items are adjacent, and so are the three of a group.
      items.forEach((t, i) => {
        if (/^(alpha|beta)-\d+$/.test(t)) expect(items[i + 1]).toBe(`echo: ${t}`);
        const group = /^(.*)-group-1$/.exec(t);
        if (group) expect(items.slice(i, i + 3)).toEqual([1, 2, 3].map((n) => `${group[1]}-group-${n}`));
      });
    }, 180_000);

    it('appends the outputs of a run paused here and resumed with the session in another process', async () => {
      const id = `xresume-${process.pid}-${Date.now()}`;
      const secret = 'session-store-secret-0123456789';
      const { url, session, store: makeStore } = setup();
      const store = makeStore(secret);
      const s = session(id);
      const { Agent, ScriptedModel, defineTool } = await import('@toolwright/core');
      const refund = defineTool({
        name: 'refund_order',
        description: 'Refund an order.',
        parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
        needsApproval: true,
        invoke: () => 'never here',
      });
      const agent = new Agent({ name: 'support', instructions: 'Help the customer.', tools: [refund] });
      const model = new ScriptedModel([{ text: 'Thinking.', toolCalls: [{ name: 'refund_order', arguments: { orderId: 'Q-9' }, callId: 'call_q9' }] }]);
      const paused = await new Runner({ model }).run(agent, 'refund Q-9', { session: s, store });
      expect(paused.status).toBe('interrupted');
      expect((await s.getItems()).map(text)).toEqual(['refund Q-9']);
      expect(store).not.toBeInstanceOf(MemoryRunStore);
      await store.approve(paused.runId!, 'call_q9');
      const resumed = await worker([backend, url, id, 'resume', paused.runId!, secret]);
      expect(resumed).toEqual({ ok: true, status: 'completed', finalOutput: 'Done: Refunded order Q-9.' });
      const items = await s.getItems();
      expect(items.map(text)).toEqual(['refund Q-9', 'Thinking.', 'function_call', 'function_call_output', 'Done: Refunded order Q-9.']);
      expect(historyProblems(items)).toEqual([]);
    }, 120_000);
  });
}
