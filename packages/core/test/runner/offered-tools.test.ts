import { Agent, Runner, ScriptedModel } from '@toolwright/core';
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
