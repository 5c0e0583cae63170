// The core README's "Sessions" example, run as written there (between the `README:` markers);
// the lines around it supply `agent` and `runner` and check the outcome.
import { Agent, MemorySession, Runner, ScriptedModel, messageText, type Item } from '@toolwright/core';

describe('core README: Sessions', () => {
  it('keeps a conversation across runs', async () => {
    const agent = new Agent({ name: 'assistant', instructions: 'Remember names.' });
    const runner = new Runner({
      model: new ScriptedModel((request) => {
        const said = request.input.filter((i): i is Extract<Item, { type: 'message' }> => i.type === 'message' && i.role === 'user').map(messageText);
        const name = said.map((t) => /My name is (\w+)/.exec(t)?.[1]).find(Boolean);
        return { text: name ? `You are ${name}.` : 'Who are you?' };
      }),
    });

    // README: Sessions
    const session = new MemorySession('conversation-42', { maxItems: 200 });   // PostgresSession / RedisSession across replicas
    await runner.run(agent, 'My name is Ada.', { session });
    const result = await runner.run(agent, 'What is my name?', { session });  // the model sees both turns
    const items = await session.getItems();      // oldest first; getItems(10): the latest 10 only
    // End README.

    expect(result.finalOutput).toBe('You are Ada.');
    expect(items).toHaveLength(4);
  });
});
