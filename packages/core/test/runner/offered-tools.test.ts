import { Agent, Runner, ScriptedModel, type Tool } from '@toolwright/core';
import { bareTool, sleep } from './helpers';

describe('Runner', () => {
  describe('when tools have synchronous and asynchronous isEnabled', () => {
    it('offers the enabled ones in declaration order and hides the disabled ones', async () => {
      const seen: string[][] = [];
      const model = new ScriptedModel((request) => {
        seen.push(request.tools.map((t) => t.name));
        return { text: 'done' };
      });
      const tools = [
        bareTool('slow_yes', () => 'x', { isEnabled: async () => (await sleep(5), true) }),
        bareTool('plain', () => 'x'),
        bareTool('slow_no', () => 'x', { isEnabled: () => Promise.resolve(false) }),
        bareTool('sync_yes', () => 'x', { isEnabled: () => true }),
        bareTool('sync_no', () => 'x', { isEnabled: () => false }),
        bareTool('last', () => 'x'),
      ];
      await new Runner({ model }).run(new Agent({ name: 'a', tools }), 'go');
      expect(seen).toEqual([['slow_yes', 'plain', 'sync_yes', 'last']]);
    });

    it('still reports two tools with one name, whatever their isEnabled', async () => {
      const model = new ScriptedModel([{ text: 'done' }]);
      const tools = [bareTool('twin', () => 'x', { isEnabled: async () => true }), bareTool('twin', () => 'y')];
      await expect(new Runner({ model }).run(new Agent({ name: 'a', tools }), 'go')).rejects.toThrow(/two tools named "twin"/);
    });
  });

  describe('when every tool is plain (no isEnabled, not deferred)', () => {
    it('resolves them once per run and offers the same definitions every turn', async () => {
      const offered: unknown[] = [];
      const model = new ScriptedModel((request, turn) => {
        offered.push(request.tools);
        return turn < 3 ? { toolCalls: [{ name: 'a', arguments: {} }] } : { text: 'done' };
      });
      const tools = [bareTool('a', () => 'x'), bareTool('b', () => 'y')];
      await new Runner({ model }).run(new Agent({ name: 'a', tools }), 'go');
      expect(offered).toHaveLength(4);
      expect((offered[0] as Array<{ name: string }>).map((t) => t.name)).toEqual(['a', 'b']);
      for (const list of offered) expect(list).toBe(offered[0]);
    });
  });
});

describe('Runner offering built-in-only tools (native.form "native")', () => {
  const tools = () => [
    { ...bareTool('exec_command', () => 'x'), native: { type: 'shell', when: 'auto', form: 'function' } } as Tool,
    { ...bareTool('shell', () => 'x'), native: { type: 'shell', when: 'auto', form: 'native' } } as Tool,
    bareTool('plain', () => 'x'),
  ];

  it('leaves them out for a model that does not map built-ins', async () => {
    const seen: string[][] = [];
    const model = new ScriptedModel((request) => (seen.push(request.tools.map((t) => t.name)), { text: 'done' }));
    await new Runner({ model }).run(new Agent({ name: 'a', tools: tools() }), 'go');
    expect(seen).toEqual([['exec_command', 'plain']]);
  });

  it('offers them, with their offer, to a model that declares nativeTools', async () => {
    const seen: Array<Array<{ name: string; form?: string }>> = [];
    const scripted = new ScriptedModel((request) => (seen.push(request.tools.map((t) => ({ name: t.name, form: t.native?.form }))), { text: 'done' }));
    const model = Object.assign(scripted, { nativeTools: true });
    await new Runner({ model }).run(new Agent({ name: 'a', tools: tools() }), 'go');
    expect(seen).toEqual([[{ name: 'exec_command', form: 'function' }, { name: 'shell', form: 'native' }, { name: 'plain', form: undefined }]]);
  });
});
