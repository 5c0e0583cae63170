import 'reflect-metadata';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, RunState, Runner, requireApprovalFor } from '@toolwright/core';
import { ApplyPatchToolkit, LocalSandbox } from '@toolwright/sandbox';
import { ResponsesWire } from '../support/responses-wire';

type Json = Record<string, any>;

/** The recorded stream of gpt-5.1 calling the built-in apply_patch tool (create_file). */
const r10: Json[] = readFileSync(join(__dirname, '../fixtures/openai/r10_stream_builtin_apply_patch_call.chunks.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const r10Response: Json = r10.find((e) => e.type === 'response.completed')!.response;

/** A final text answer, as a response object and as its stream. */
const answer: Json = {
  id: 'resp_answer',
  object: 'response',
  status: 'completed',
  model: 'gpt-5.1',
  output: [{ id: 'msg_1', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Created the checklist.', annotations: [] }] }],
  usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
};
const answerStream: Json[] = [
  { type: 'response.created', response: { ...answer, status: 'in_progress', output: [] } },
  { type: 'response.output_text.delta', output_index: 0, content_index: 0, item_id: 'msg_1', delta: 'Created the checklist.' },
  { type: 'response.completed', response: answer },
];

describe("OpenAI's built-in apply_patch tool, executed by ApplyPatchToolkit (loopback wire)", () => {
  const wire = new ResponsesWire();
  let dir: string;
  let sandbox: LocalSandbox;
  const model = (name = 'gpt-5.1') => wire.model(name);
  const agent = () => new Agent({ name: 'writer', instructions: 'Write files.', tools: [new ApplyPatchToolkit(sandbox)] });

  beforeAll(async () => {
    await wire.start();
  });
  afterAll(async () => {
    await wire.stop();
  });
  beforeEach(() => {
    wire.requests.length = 0;
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-native-wire-')));
    sandbox = new LocalSandbox({ workDir: dir });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const checklist = '## Shopping Checklist\n\n- [ ] Milk\n- [ ] Bread\n- [ ] Eggs\n- [ ] Fresh fruit\n- [ ] Coffee\n';

  it('offers { type: "apply_patch" } to GPT-5.1, applies the streamed call (r10) and answers with apply_patch_call_output', async () => {
    wire.reply({ sse: r10 }, { sse: answerStream });
    const stream = new Runner({ model: model() }).stream(agent(), 'Make me a shopping checklist.');
    const called: string[] = [];
    for await (const event of stream) if (event.type === 'tool_called') called.push(`${event.toolName} ${event.arguments}`);
    const result = await stream.result;
    expect(result.finalOutput).toBe('Created the checklist.');
    // The built-in call reached the toolkit's tool as a patch in Codex's envelope.
    expect(called).toEqual([`apply_patch ${JSON.stringify({ patch: `*** Begin Patch\n*** Add File: shopping-checklist.md\n${r10Response.output[0].operation.diff}*** End Patch\n` })}`]);
    expect(readFileSync(join(dir, 'shopping-checklist.md'), 'utf8')).toBe(checklist);
    expect(wire.requests[0].tools).toEqual([{ type: 'apply_patch' }]);
    const [call, output] = wire.requests[1].input.slice(-2);
    expect(call).toEqual({ type: 'apply_patch_call', call_id: 'call_kA46f91ZwocQyMCKyyZqRyC5', status: 'completed', operation: r10Response.output[0].operation });
    expect(output).toMatchObject({ type: 'apply_patch_call_output', call_id: 'call_kA46f91ZwocQyMCKyyZqRyC5', status: 'completed' });
    expect(output.output).toMatch(/^Success\. Updated the following files:\nA shopping-checklist\.md\n/);
  });

  it('does the same without streaming', async () => {
    wire.reply({ json: r10Response }, { json: answer });
    const result = await new Runner({ model: model() }).run(agent(), 'Make me a shopping checklist.');
    expect(result.finalOutput).toBe('Created the checklist.');
    expect(readFileSync(join(dir, 'shopping-checklist.md'), 'utf8')).toBe(checklist);
    expect(wire.requests[1].input.slice(-1)[0]).toMatchObject({ type: 'apply_patch_call_output', status: 'completed' });
  });

  it('answers status "failed" with the reason when the operation does not apply, changing nothing', async () => {
    const update = { ...r10Response, output: [{ ...r10Response.output[0], operation: { type: 'update_file', path: 'missing.md', diff: '@@\n-a\n+b\n' } }] };
    wire.reply({ json: update }, { json: answer });
    await new Runner({ model: model() }).run(agent(), 'Edit it.');
    expect(wire.requests[1].input.slice(-1)[0]).toEqual({
      type: 'apply_patch_call_output',
      call_id: 'call_kA46f91ZwocQyMCKyyZqRyC5',
      status: 'failed',
      output: 'apply_patch failed: Failed to read file to update missing.md: not found\nNo file was changed.',
    });
  });

  it('pauses for approval like any call, and survives a RunState JSON round trip', async () => {
    wire.reply({ json: r10Response });
    const runner = new Runner({ model: model(), approvalPolicies: [requireApprovalFor('apply_patch')] });
    const paused = await runner.run(agent(), 'Make me a shopping checklist.');
    expect(paused.status).toBe('interrupted');
    expect(paused.interruptions[0].toolName).toBe('apply_patch');
    const again = agent();
    const state = RunState.fromString(again, paused.state.toString());
    state.approve(paused.interruptions[0].callId);
    wire.reply({ json: answer });
    const resumed = await runner.run(again, state);
    expect(resumed.finalOutput).toBe('Created the checklist.');
    expect(readFileSync(join(dir, 'shopping-checklist.md'), 'utf8')).toBe(checklist);
    expect(wire.requests[1].input.slice(-2).map((i: Json) => i.type)).toEqual(['apply_patch_call', 'apply_patch_call_output']);
  });

  it('answers status "failed" for a rejected call, whatever its message says', async () => {
    wire.reply({ json: r10Response });
    const runner = new Runner({ model: model(), approvalPolicies: [requireApprovalFor('apply_patch')] });
    const paused = await runner.run(agent(), 'Make me a shopping checklist.');
    paused.state.reject(paused.interruptions[0].callId, { message: 'Success. (Just kidding: not today.)' });
    wire.reply({ json: answer });
    await runner.run(agent(), paused.state);
    expect(wire.requests[1].input.slice(-1)[0]).toEqual({
      type: 'apply_patch_call_output',
      call_id: 'call_kA46f91ZwocQyMCKyyZqRyC5',
      status: 'failed',
      output: 'Success. (Just kidding: not today.)',
    });
    expect(() => readFileSync(join(dir, 'shopping-checklist.md'))).toThrow();
  });

  it('offers the function tool to models not documented for the built-in one, and when native is false', async () => {
    wire.reply({ json: answer }, { json: answer });
    await new Runner({ model: model('gpt-4.1') }).run(agent(), 'hi');
    expect(wire.requests[0].tools).toEqual([expect.objectContaining({ type: 'function', name: 'apply_patch' })]);
    const functionOnly = new Agent({ name: 'writer', tools: [new ApplyPatchToolkit(sandbox, { native: false })] });
    await new Runner({ model: model() }).run(functionOnly, 'hi');
    expect(wire.requests[1].tools).toEqual([expect.objectContaining({ type: 'function', name: 'apply_patch' })]);
  });
});
