import { Agent, MemoryRunStore, Runner, type RunTimelineEvent } from '@toolwright/core';
import { textTool } from '../runner/helpers';
import { sharedModel } from './shared-model';

/** A writer that asks a nested researcher, which looks a fact up. */
function setup(): { writer: Agent; runner: Runner; model: ReturnType<typeof sharedModel> } {
  const lookup = textTool('lookup', (_ctx, { value }) => `fact about ${value}`);
  const researcher = new Agent({ name: 'researcher', instructions: 'nested', tools: [lookup] });
  const writer = new Agent({ name: 'writer', instructions: 'parent', tools: [researcher.asTool()] });
  const model = sharedModel(
    [{ toolCalls: [{ name: 'researcher', arguments: { input: 'Oslo' }, callId: 'p1' }] }, { text: 'Oslo is nice.' }],
    [{ toolCalls: [{ name: 'lookup', arguments: { value: 'Oslo' }, callId: 'n1' }] }, { text: 'Oslo has fjords.' }],
  );
  return { writer, runner: new Runner({ model }), model };
}

/** The nested run's entries of a timeline: which event, in which agent, of which tool. */
function nestedEntries(events: RunTimelineEvent[]): Array<[unknown, unknown, unknown, string | undefined]> {
  return events.filter((e) => e.type === 'nested').map((e) => [e.data?.event, e.data?.agent, e.data?.toolName, e.text]);
}

describe('Agents as tools in a recorded run', () => {
  const expected = [
    ['tool_called', 'researcher', 'lookup', '{"value":"Oslo"}'],
    ['tool_output', 'researcher', 'lookup', 'fact about Oslo'],
    ['message', 'researcher', undefined, 'Oslo has fjords.'],
  ];

  it('records the nested run in the timeline when the calling run is not streamed', async () => {
    const store = new MemoryRunStore();
    const { writer, runner, model } = setup();
    const streamed = jest.spyOn(model, 'stream');
    const result = await runner.run(writer, 'Write about Oslo', { store });
    expect(result.finalOutput).toBe('Oslo is nice.');
    const { runs } = await store.listRuns({ agent: 'writer' });
    const view = await store.getRunView(runs[0]!.id);
    expect(nestedEntries(view!.events)).toEqual(expected);
    // Under the call that ran it.
    expect(view!.events.filter((e) => e.type === 'nested').every((e) => e.callId === 'p1' && e.toolName === 'researcher')).toBe(true);
    // Neither run is streamed for it: the model was asked with respond(), never stream().
    expect(model.requests).toHaveLength(4);
    expect(streamed).not.toHaveBeenCalled();
  });

  it('records the same entries as a streamed run does', async () => {
    const store = new MemoryRunStore();
    const { writer, runner } = setup();
    const stream = runner.stream(writer, 'Write about Oslo', { store });
    for await (const event of stream) void event;
    await stream.result;
    const { runs } = await store.listRuns({ agent: 'writer' });
    expect(nestedEntries((await store.getRunView(runs[0]!.id))!.events)).toEqual(expected);
  });
});
