import 'reflect-metadata';
import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { Agent, Runner } from '@toolwright/core';
import { OpenAIChatCompletionsModel } from '@toolwright/openai';
import { ApplyPatchToolkit, CodeToolkit, LocalSandbox } from '@toolwright/sandbox';
import { ResponsesWire, callResponse, shellCall, textAnswer } from '../support/responses-wire';

type Json = Record<string, any>;

jest.setTimeout(60_000);

describe('the built-in shell tool, given hostile or unusual calls (loopback wire)', () => {
  const wire = new ResponsesWire();
  const done = textAnswer('Done.');
  let dir: string;
  let sandbox: LocalSandbox;
  const agent = (options: ConstructorParameters<typeof CodeToolkit>[1] = {}) => new Agent({ name: 'coder', tools: [new CodeToolkit(sandbox, options)] });
  const answerTo = (request: Json): Json => request.input[request.input.length - 1];

  beforeAll(() => wire.start());
  afterAll(() => wire.stop());
  beforeEach(() => {
    wire.requests.length = 0;
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-native-shell-edges-')));
    sandbox = new LocalSandbox({ workDir: dir });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a call with too many commands, running none, and tells the model why', async () => {
    wire.reply({ json: callResponse([shellCall('call_many', Array.from({ length: 5000 }, (_, i) => `touch f${i}`))]).json }, { json: done.json });
    await new Runner({ model: wire.model() }).run(agent(), 'Go.');
    const output = answerTo(wire.requests[1]);
    expect(output).toMatchObject({ type: 'shell_call_output', call_id: 'call_many', status: 'completed' });
    expect(output.output).toHaveLength(1);
    expect(output.output[0].outcome).toEqual({ type: 'exit', exit_code: 1 });
    expect(output.output[0].stderr).toMatch(/commands/);
    expect(output.output[0].stderr).toMatch(/32/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses malformed actions (commands not a list, no action, non-string commands) with the reason', async () => {
    const odd = [
      { ...shellCall('call_str', 'rm -rf /') },
      { ...shellCall('call_none', []), action: null },
      { ...shellCall('call_obj', [{ cmd: 'ls' }, 42]) },
    ];
    wire.reply({ json: callResponse(odd).json }, { json: done.json });
    await new Runner({ model: wire.model() }).run(agent(), 'Go.');
    const outputs = wire.requests[1].input.filter((i: Json) => i.type === 'shell_call_output');
    expect(outputs.map((o: Json) => o.call_id)).toEqual(['call_str', 'call_none', 'call_obj']);
    for (const o of outputs) {
      expect(o.output).toHaveLength(1);
      expect(o.output[0].outcome).toEqual({ type: 'exit', exit_code: 1 });
      expect(o.output[0].stderr).toMatch(/commands/);
    }
    // Each call is echoed back with the action as it was understood.
    expect(wire.requests[1].input.find((i: Json) => i.call_id === 'call_str' && i.type === 'shell_call').action).toEqual({ commands: 'rm -rf /', timeout_ms: null, max_output_length: null });
  });

  it('refuses a blank command, and one over the length limit in UTF-16 units, without ending the run', async () => {
    wire.reply({ json: callResponse([shellCall('call_blank', ['   ']), shellCall('call_wide', ['echo ' + '😀'.repeat(40_000)])]).json }, { json: done.json });
    const result = await new Runner({ model: wire.model() }).run(agent(), 'Go.');
    expect(result.finalOutput).toBe('Done.');
    const [blank, wide] = wire.requests[1].input.filter((i: Json) => i.type === 'shell_call_output');
    expect(blank.output).toEqual([{ stdout: '', stderr: expect.stringMatching(/commands\[0\] must be a command \(not blank\)/), outcome: { type: 'exit', exit_code: 1 } }]);
    expect(wide.output).toEqual([{ stdout: '', stderr: expect.stringMatching(/commands\[0\] must be a command \(not blank\) of at most 65536 characters/), outcome: { type: 'exit', exit_code: 1 } }]);
  });

  it('bounds a giant output, and a max_output_length the model sets absurdly high, by the toolkit caps', async () => {
    const flood = "head -c 20000000 /dev/zero | tr '\\0' a; head -c 20000000 /dev/zero | tr '\\0' b >&2";
    wire.reply({ json: callResponse([shellCall('call_flood', [flood]), shellCall('call_greedy', [flood], { max_output_length: 1e12 })]).json }, { json: done.json });
    await new Runner({ model: wire.model() }).run(agent({ maxOutputBytes: 1000 }), 'Go.');
    const [flooded, greedy] = wire.requests[1].input.filter((i: Json) => i.type === 'shell_call_output');
    // Default: twice the per-stream cap, for stdout and stderr together; at most four times it.
    const sizes = (o: Json) => o.output[0].stdout.length + o.output[0].stderr.length;
    expect(sizes(flooded)).toBeLessThanOrEqual(2000);
    expect(sizes(flooded)).toBeGreaterThan(1500);
    expect(sizes(greedy)).toBeLessThanOrEqual(4000);
    expect(sizes(greedy)).toBeGreaterThan(3500);
    expect(greedy.max_output_length).toBe(1e12);
    expect(flooded.output[0].stdout).toMatch(/^a+\n…\[\d+ characters elided\]\n[\s\S]*a$/);
    expect(flooded.output[0].stderr).toMatch(/^b+[\s\S]*b$/);
  });

  it('leaves a shell call that ran in a hosted container alone (nothing runs here)', async () => {
    const hosted = { ...shellCall('call_hosted', ['touch planted']), environment: { type: 'container_reference', container_id: 'cntr_1' } };
    wire.reply({ json: callResponse([hosted, { id: 'msg_1', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Ran it remotely.', annotations: [] }] }]).json });
    const result = await new Runner({ model: wire.model() }).run(agent(), 'Go.');
    expect(result.finalOutput).toBe('Ran it remotely.');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('offers exec_command as a function to models without the built-in, and with native: false', async () => {
    wire.reply({ json: done.json }, { json: done.json }, { json: done.json });
    await new Runner({ model: wire.model('gpt-4.1') }).run(agent(), 'hi');
    await new Runner({ model: wire.model() }).run(agent({ native: false }), 'hi');
    await new Runner({ model: wire.model('my-proxy-model') }).run(new Agent({ name: 'c', tools: [new CodeToolkit(sandbox, { native: true }), new ApplyPatchToolkit(sandbox, { native: true })] }), 'hi');
    expect(wire.requests[0].tools.map((t: Json) => t.name ?? t.type)).toEqual(['exec_command']);
    expect(wire.requests[1].tools.map((t: Json) => t.name ?? t.type)).toEqual(['exec_command']);
    expect(wire.requests[2].tools).toEqual([{ type: 'shell', environment: { type: 'local' } }, { type: 'apply_patch' }]);
  });

  it('sends tool_choice { type: "shell" } when a run forces the shell tool (or exec_command) on GPT-5.1', async () => {
    wire.reply({ json: done.json }, { json: done.json });
    await new Runner({ model: wire.model() }).run(new Agent({ name: 'c', tools: [new CodeToolkit(sandbox)], modelSettings: { toolChoice: { name: 'exec_command' } } }), 'hi');
    await new Runner({ model: wire.model('gpt-4.1') }).run(new Agent({ name: 'c', tools: [new CodeToolkit(sandbox)], modelSettings: { toolChoice: { name: 'exec_command' } } }), 'hi');
    expect(wire.requests[0].tool_choice).toEqual({ type: 'shell' });
    expect(wire.requests[1].tool_choice).toEqual({ type: 'function', name: 'exec_command' });
  });

  it('leaves the shell tool out on Chat Completions, which has no built-in tools', async () => {
    const bodies: Json[] = [];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push(JSON.parse(body));
        const message = { role: 'assistant', content: 'Done.' };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'c1', object: 'chat.completion', model: 'gpt-5.1', choices: [{ index: 0, message, finish_reason: 'stop' }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseURL = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
      const model = new OpenAIChatCompletionsModel({ client: new OpenAI({ apiKey: 'sk-loopback', baseURL, maxRetries: 0 }), model: 'gpt-5.1' });
      await new Runner({ model }).run(new Agent({ name: 'c', tools: [new CodeToolkit(sandbox, { native: true })] }), 'hi');
      expect(bodies[0].tools.map((t: Json) => t.function.name)).toEqual(['exec_command']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
