/** The tests of the Session contract (see session-contract.ts). */
import type { Item } from '../items/item';
import type { Session } from '../sessions/session';
import { coreApi } from './core-api';
import { sleep } from './refund-fixtures';
import { historyProblems, said, sessionAgent, sessionModel } from './session-fixtures';
import type { TestGlobals } from './test-globals';

/** How the suite gets sessions of the backend under test. */
export interface SessionFactory {
  /**
   * A session named `id` with these options; with `shared`, sessions made here with one id read
   * and write the same items. `ttlMs` is given only when the suite's `ttl` option is on.
   */
  make(id: string, options?: { maxItems?: number; compact?: (items: Item[]) => Item[] | Promise<Item[]>; ttlMs?: number; maxItemLength?: number }): Session;
}

/** Options of the suite (see `SessionContractOptions`). */
export interface SessionTestOptions {
  shared: boolean;
  ttl: boolean;
}

let counter = 0;
/** An id no other test (or earlier run against the same server) uses. */
function freshId(name: string): string {
  return `contract-${name}-${process.pid}-${Date.now().toString(36)}-${++counter}`;
}

function texts(items: Item[]): string[] {
  return items.map((i) => (i.type === 'message' && typeof i.content === 'string' ? i.content : i.type === 'function_call' ? `call ${i.callId}` : i.type === 'function_call_output' ? `output ${i.callId}` : i.type));
}

function output(callId: string, text: string): Item {
  return { type: 'function_call_output', callId, output: text };
}

function call(callId: string): Item {
  return { type: 'function_call', callId, name: 'refund_order', arguments: '{"orderId":"x"}' };
}

/** Registers the tests; `factory` is read when each test runs. */
export function describeSessionTests({ describe, it, expect }: TestGlobals, factory: () => SessionFactory, options: SessionTestOptions): void {
  const make = (name: string, o?: Parameters<SessionFactory['make']>[1]): Session => factory().make(freshId(name), o);

  describe('items', () => {
    it('keeps items in the order they were added, across calls', async () => {
      const s = make('order');
      expect(await s.getItems()).toEqual([]);
      await s.addItems([said('one')]);
      await s.addItems([said('two'), said('three')]);
      await s.addItems([]);
      expect(texts(await s.getItems())).toEqual(['one', 'two', 'three']);
      expect(typeof s.id).toBe('string');
    });

    it('reads only the latest items with a limit', async () => {
      const s = make('limit');
      await s.addItems(['a', 'b', 'c', 'd'].map(said));
      expect(texts(await s.getItems(2))).toEqual(['c', 'd']);
      expect(texts(await s.getItems(10))).toEqual(['a', 'b', 'c', 'd']);
      expect(await s.getItems(0)).toEqual([]);
      const { UserError } = coreApi();
      await expect(s.getItems(-1)).rejects.toBeInstanceOf(UserError);
      await expect(s.getItems(1.5)).rejects.toBeInstanceOf(UserError);
    });

    it('pops the latest item, and answers undefined once empty', async () => {
      const s = make('pop');
      await s.addItems([said('a'), said('b')]);
      expect(texts([(await s.popItem())!])).toEqual(['b']);
      expect(texts(await s.getItems())).toEqual(['a']);
      expect(texts([(await s.popItem())!])).toEqual(['a']);
      expect(await s.popItem()).toBeUndefined();
    });

    it('clears every item, and takes new ones after', async () => {
      const s = make('clear');
      await s.addItems([said('a'), said('b')]);
      await s.clear();
      expect(await s.getItems()).toEqual([]);
      await s.addItems([said('c')]);
      expect(texts(await s.getItems())).toEqual(['c']);
    });

    it('keeps sessions apart by id', async () => {
      const a = make('apart-a');
      const b = make('apart-b');
      await a.addItems([said('for a')]);
      await b.addItems([said('for b')]);
      expect(texts(await a.getItems())).toEqual(['for a']);
      expect(texts(await b.getItems())).toEqual(['for b']);
    });

    it('keeps every kind of item as it was given (messages, calls, outputs, content parts, reasoning)', async () => {
      const s = make('kinds');
      const items: Item[] = [
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Look' }, { type: 'input_image', imageUrl: 'https://example.com/a.png', detail: 'low' } as never] },
        { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'opaque' },
        call('c1'),
        { type: 'function_call_output', callId: 'c1', output: 'ok', isError: true },
        { type: 'message', role: 'assistant', content: 'Done ✓ — 日本語 😀' },
      ];
      await s.addItems(items);
      expect(await s.getItems()).toEqual(items);
    });

    it('is not changed by changing an item after adding it or after reading it', async () => {
      const s = make('copies');
      const item = { type: 'message', role: 'user', content: 'original' } as Item & { content: string };
      await s.addItems([item]);
      item.content = 'changed';
      const [read] = (await s.getItems()) as Array<Item & { content: string }>;
      read!.content = 'changed too';
      expect(texts(await s.getItems())).toEqual(['original']);
    });
  });

  describe('size', () => {
    it('keeps the latest maxItems, never starting with an output whose call was dropped', async () => {
      const s = make('max', { maxItems: 3 });
      await s.addItems([said('a'), said('b')]);
      await s.addItems([said('c'), said('d')]);
      expect(texts(await s.getItems())).toEqual(['b', 'c', 'd']);
      await s.addItems([call('c1'), output('c1', 'x')]);
      expect(texts(await s.getItems())).toEqual(['d', 'call c1', 'output c1']);
      await s.addItems([said('e'), said('f')]);
      // The latest 3 start with the output of c1, whose call fell off: it goes too.
      expect(texts(await s.getItems())).toEqual(['e', 'f']);
      expect(historyProblems(await s.getItems())).toEqual([]);
    });

    it('keeps items as given while under maxItems, even an output first', async () => {
      const s = make('under-max', { maxItems: 3 });
      await s.addItems([output('c0', 'x'), said('a')]);
      expect(texts(await s.getItems())).toEqual(['output c0', 'a']);
    });

    it('hands every item to compact when an append goes over maxItems, and keeps what it returns', async () => {
      const seen: string[][] = [];
      const s = make('compact', {
        maxItems: 4,
        compact: async (items) => {
          seen.push(texts(items));
          return [{ type: 'message', role: 'system', content: `summary of ${items.length - 2}` }, ...items.slice(-2)];
        },
      });
      await s.addItems(['a', 'b', 'c'].map(said));
      expect(seen).toEqual([]);
      await s.addItems(['d', 'e'].map(said));
      expect(seen).toEqual([['a', 'b', 'c', 'd', 'e']]);
      expect(texts(await s.getItems())).toEqual(['summary of 3', 'd', 'e']);
    });

    it('refuses an item larger than maxItemLength, and writes nothing of that call', async () => {
      const { UserError } = coreApi();
      const s = make('huge', { maxItemLength: 10_000 });
      await s.addItems([said('kept')]);
      await expect(s.addItems([said('fine'), said('x'.repeat(20_000))])).rejects.toBeInstanceOf(UserError);
      await expect(s.addItems([said('y'.repeat(5 * 1024 * 1024))])).rejects.toThrow(/maxItemLength/);
      expect(texts(await s.getItems())).toEqual(['kept']);
    });

    it('refuses items nested without bound, items that are not items, and non-JSON values', async () => {
      const { UserError } = coreApi();
      const s = make('hostile');
      let deep: unknown = 'bottom';
      for (let i = 0; i < 100_000; i++) deep = { d: deep };
      await expect(s.addItems([{ type: 'reasoning', deep } as Item])).rejects.toBeInstanceOf(UserError);
      const cyclic: Record<string, unknown> = { type: 'reasoning' };
      cyclic.self = cyclic;
      await expect(s.addItems([cyclic as Item])).rejects.toBeInstanceOf(UserError);
      await expect(s.addItems([null as never])).rejects.toBeInstanceOf(UserError);
      await expect(s.addItems([{ type: 'message', role: 'hacker', content: 'x' } as never])).rejects.toBeInstanceOf(UserError);
      await expect(s.addItems([{ type: 'function_call', callId: 1 } as never])).rejects.toBeInstanceOf(UserError);
      await expect(s.addItems([{ type: 'reasoning', n: 10n } as never])).rejects.toBeInstanceOf(UserError);
      await expect(s.addItems('not a list' as never)).rejects.toBeInstanceOf(UserError);
      expect(await s.getItems()).toEqual([]);
    });

    it('keeps a "__proto__" key as data, without touching any prototype', async () => {
      const s = make('proto');
      const hostile = JSON.parse('{"type":"message","role":"user","content":"hi","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as Item;
      await s.addItems([hostile]);
      const [read] = await s.getItems();
      expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((read as unknown as Record<string, unknown>).polluted).toBeUndefined();
      expect(texts([read!])).toEqual(['hi']);
    });
  });

  if (options.ttl) {
    describe('expiry', () => {
      it('forgets a session ttlMs after its last write', async () => {
        const id = freshId('ttl');
        const s = factory().make(id, { ttlMs: 300 });
        await s.addItems([said('a')]);
        await sleep(150);
        await s.addItems([said('b')]);
        await sleep(200);
        // 350 ms after the first write, 200 ms after the last: still there.
        expect(texts(await s.getItems())).toEqual(['a', 'b']);
        await sleep(600);
        expect(await s.getItems()).toEqual([]);
      }, 10_000);
    });
  }

  describe('runs on a session', () => {
    it('shows the model the session items followed by the new input, and appends the run\'s items', async () => {
      const { Runner } = coreApi();
      const s = make('run');
      const model = sessionModel();
      const runner = new Runner({ model });
      const agent = sessionAgent();
      const first = await runner.run(agent, 'hello', { session: s });
      expect(first.finalOutput).toBe('echo 1: hello');
      const second = await runner.run(agent, 'again', { session: s });
      expect(second.finalOutput).toBe('echo 2: again');
      expect(texts(model.requests[1]!.input)).toEqual(['hello', 'echo 1: hello', 'again']);
      expect(texts(second.newItems)).toEqual(['echo 2: again']);
      expect(texts(await s.getItems())).toEqual(['hello', 'echo 1: hello', 'again', 'echo 2: again']);
    });

    it('keeps a provider-valid history through a pause, an approval and a resume', async () => {
      const { Runner } = coreApi();
      const s = make('pause');
      const runner = new Runner({ model: sessionModel() });
      const agent = sessionAgent();
      await runner.run(agent, 'hello', { session: s });
      const paused = await runner.run(agent, 'refund A-1', { session: s });
      expect(paused.status).toBe('interrupted');
      // The pending call is held back: the session never holds a call without its output.
      expect(texts(await s.getItems())).toEqual(['hello', 'echo 1: hello', 'refund A-1']);
      expect(historyProblems(await s.getItems())).toEqual([]);
      paused.state.approve(paused.interruptions[0]!.callId);
      const done = await runner.run(agent, paused.state, { session: s });
      expect(done.finalOutput).toBe('Done: Refunded order A-1.');
      expect(texts(await s.getItems())).toEqual(['hello', 'echo 1: hello', 'refund A-1', 'call call_A-1', 'output call_A-1', 'Done: Refunded order A-1.']);
      expect(historyProblems(await s.getItems())).toEqual([]);
      const next = await runner.run(agent, 'thanks', { session: s });
      expect(next.finalOutput).toBe('echo 3: thanks');
    });

    it('resumes a run kept in a run store with the session, appending the outputs in order', async () => {
      const { Runner, MemoryRunStore } = coreApi();
      const store = new MemoryRunStore({ secret: 'contract-secret-0123456789abcdef' });
      const s = make('stored');
      const runner = new Runner({ model: sessionModel() });
      const agent = sessionAgent();
      const paused = await runner.run(agent, 'refund B-2', { session: s, store });
      expect(typeof paused.runId).toBe('string');
      expect(texts(await s.getItems())).toEqual(['refund B-2']);
      await store.approve(paused.runId!, 'call_B-2');
      const done = await runner.resume(agent, paused.runId!, { store, session: s });
      expect(done.status).toBe('completed');
      expect(texts(await s.getItems())).toEqual(['refund B-2', 'call call_B-2', 'output call_B-2', 'Done: Refunded order B-2.']);
    });

    it('streams a run on a session like run does', async () => {
      const { Runner } = coreApi();
      const s = make('stream');
      const runner = new Runner({ model: sessionModel() });
      const agent = sessionAgent();
      await runner.run(agent, 'hello', { session: s });
      const stream = runner.stream(agent, 'streamed', { session: s });
      for await (const event of stream) void event;
      expect((await stream.result).finalOutput).toBe('echo 2: streamed');
      expect(texts(await s.getItems())).toEqual(['hello', 'echo 1: hello', 'streamed', 'echo 2: streamed']);
    });

    it('shows the model only answered calls, even after items were popped by hand', async () => {
      const { Runner } = coreApi();
      const s = make('popped');
      await s.addItems([said('refund Z'), call('c9'), output('c9', 'done')]);
      await s.popItem();
      const model = sessionModel();
      await new Runner({ model }).run(sessionAgent(), 'hi', { session: s });
      expect(texts(model.requests[0]!.input)).toEqual(['refund Z', 'hi']);
      expect(historyProblems(model.requests[0]!.input)).toEqual([]);
    });
  });

  if (options.shared) {
    describe('shared by many session objects', () => {
      it('lets every object with the same id read and write the same items', async () => {
        const id = freshId('shared');
        await factory().make(id).addItems([said('from one')]);
        expect(texts(await factory().make(id).getItems())).toEqual(['from one']);
      });

      it('keeps each concurrent addItems together and in order, losing none', async () => {
        const id = freshId('concurrent');
        const writers = Array.from({ length: 8 }, () => factory().make(id));
        await Promise.all(writers.map((s, w) => s.addItems(Array.from({ length: 5 }, (_, i) => said(`w${w}-${i}`)))));
        const all = texts(await factory().make(id).getItems());
        expect(all).toHaveLength(40);
        for (let g = 0; g < 8; g++) {
          const group = all.slice(g * 5, g * 5 + 5);
          const writer = group[0]!.split('-')[0];
          expect(group).toEqual([0, 1, 2, 3, 4].map((i) => `${writer}-${i}`));
        }
      });
    });
  }
}
