import { MemorySession, Runner, RunStateError, UserError, type Item } from '@toolwright/core';
import { sessionKit } from '@toolwright/core/extend';
import { sessionContract } from '@toolwright/core/testing';

describe('MemorySession', () => {
  sessionContract(() => ({ make: (id, options) => new MemorySession(id, options) }), { shared: false });

  it('makes up an id when none is given, and refuses ids and options that cannot work', () => {
    expect(new MemorySession().id).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => new MemorySession('')).toThrow(UserError);
    expect(() => new MemorySession('x'.repeat(257))).toThrow(UserError);
    expect(() => new MemorySession('a', { maxItems: 0 })).toThrow(/maxItems/);
    expect(() => new MemorySession('a', { compact: 'yes' as never })).toThrow(/compact/);
  });

  it('refuses a compact hook that returns something other than items, and keeps the session as it was', async () => {
    const session = new MemorySession('bad-compact', { maxItems: 2, compact: () => 'nope' as never });
    await session.addItems([{ type: 'message', role: 'user', content: 'a' }]);
    await expect(session.addItems([{ type: 'message', role: 'user', content: 'b' }, { type: 'message', role: 'user', content: 'c' }])).rejects.toThrow(/compact/);
    expect(await session.getItems()).toEqual([{ type: 'message', role: 'user', content: 'a' }]);
  });

  it('refuses a session option that is not a Session', async () => {
    const runner = new Runner();
    const { Agent } = await import('@toolwright/core');
    await expect(runner.run(new Agent({ name: 'a' }), 'hi', { session: {} as never })).rejects.toThrow(/session must be a Session/);
  });
});

describe('session items as stored', () => {
  const scope = { sessionId: 's1', maxItemLength: 1000 };
  const item: Item = { type: 'message', role: 'user', content: 'hi' };

  it('are the versioned item JSON of a run state, read back from every released version', () => {
    const text = sessionKit.encodeItem(item, 0, scope);
    expect(JSON.parse(text)).toEqual({ v: 2, item });
    expect(sessionKit.decodeItem('{"v":1,"item":{"type":"message","role":"user","content":"old"}}', scope)).toEqual({ type: 'message', role: 'user', content: 'old' });
    expect(() => sessionKit.decodeItem('{"v":99,"item":{"type":"message","role":"user","content":"x"}}', scope)).toThrow(/newer Toolwright/);
  });

  it('are signed for their session with a secret: changed, moved or unsigned items are refused', () => {
    const secret = 'session-secret-0123456789';
    const signed = sessionKit.encodeItem(item, 0, { ...scope, secret });
    expect(sessionKit.decodeItem(signed, { ...scope, secret })).toEqual(item);
    expect(() => sessionKit.decodeItem(signed.replace('hi', 'ho'), { ...scope, secret })).toThrow(RunStateError);
    expect(() => sessionKit.decodeItem(signed, { ...scope, sessionId: 's2', secret })).toThrow(RunStateError);
    expect(() => sessionKit.decodeItem(sessionKit.encodeItem(item, 0, scope), { ...scope, secret })).toThrow(RunStateError);
    expect(() => sessionKit.decodeItem(signed, scope)).toThrow(/signed/);
  });
});

describe('the history a session gets from a run', () => {
  const call = (id: string): Item => ({ type: 'function_call', callId: id, name: 't', arguments: '{}' });
  const out = (id: string): Item => ({ type: 'function_call_output', callId: id, output: 'ok' });
  const reasoning: Item = { type: 'reasoning', id: 'rs' };
  const msg: Item = { type: 'message', role: 'user', content: 'x' };

  it('stops before the first unanswered call and the reasoning leading to it', () => {
    expect(sessionKit.unansweredFrom([msg, call('a'), out('a'), reasoning, call('b'), call('c')])).toBe(3);
    expect(sessionKit.unansweredFrom([msg, call('a'), out('a')])).toBe(3);
  });

  it('shows the model answered calls only', () => {
    expect(sessionKit.answeredItems([out('z'), msg, reasoning, call('a'), call('b'), out('b')])).toEqual([msg, call('b'), out('b')]);
  });
});
