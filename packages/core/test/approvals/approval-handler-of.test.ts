import { Agent, Runner, ScriptedModel, defineTool, type ToolContext } from '@toolwright/core';
import { approvalHandlerOf } from '@toolwright/core/extend';

/** A tool that asks its run's approvalHandler (as an MCP client does for an approval form mid-call). */
const asking = defineTool({
  name: 'ask',
  description: 'Asks the run whether it may go on.',
  parameters: { type: 'object', properties: {} },
  invoke: async (ctx: ToolContext) => {
    const handler = approvalHandlerOf(ctx);
    if (!handler) return 'no handler';
    const decision = await handler({ callId: ctx.callId, toolName: ctx.toolName, arguments: {}, agent: ctx.agent }, ctx);
    return decision === undefined ? 'undecided' : decision.approved ? 'approved' : 'rejected';
  },
});

async function runWith(options: ConstructorParameters<typeof Runner>[0]): Promise<string> {
  const model = new ScriptedModel([{ toolCalls: [{ name: 'ask', arguments: {}, callId: 'c1' }] }, { text: 'done' }]);
  const result = await new Runner({ model, ...options }).run(new Agent({ name: 'a', tools: [asking] }), 'go');
  const output = result.newItems.find((item) => item.type === 'function_call_output') as { output: string };
  return output.output;
}

describe('approvalHandlerOf (core/extend)', () => {
  it("gives a call's tool its run's approvalHandler", async () => {
    const seen: string[] = [];
    expect(await runWith({ approvalHandler: (request) => (seen.push(`${request.toolName}/${request.callId}`), { approved: true }) })).toBe('approved');
    expect(seen).toEqual(['ask/c1']);
    expect(await runWith({ approvalHandler: () => undefined })).toBe('undecided');
  });

  it('gives nothing when the run has no handler', async () => {
    expect(await runWith({})).toBe('no handler');
  });
});
