import 'reflect-metadata';
import { Agent, Param, Runner, ScriptedModel, Tool, Toolkit } from '@toolwright/core';
import { outputsOf } from './helpers';

@Toolkit({ name: 'greetings' })
class GreetingTools {
  constructor(private readonly punctuation: string) {}

  /** Greet someone by name. */
  @Tool()
  greet(@Param('name') name: string): string {
    return `Hello, ${name}${this.punctuation}`;
  }
}

describe('Runner', () => {
  describe('with a decorated toolkit instance among the tools', () => {
    it('offers its tools and calls the method on that instance', async () => {
      const model = new ScriptedModel([{ toolCalls: [{ name: 'greet', arguments: { name: 'Ada' }, callId: 'c1' }] }, { text: 'done' }]);
      const result = await new Runner({ model }).run(new Agent({ name: 'a', tools: [new GreetingTools('!')] }), 'go');
      expect(model.requests[0]!.tools.map((t) => t.name)).toEqual(['greet']);
      expect(outputsOf(result.history).c1).toBe('Hello, Ada!');
    });
  });
});
