import 'reflect-metadata';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, RunState, Runner, requireApprovalFor, type RunEvent } from '@toolwright/core';
import { BubblewrapSandbox, CodeToolkit, LocalSandbox, type Sandbox } from '@toolwright/sandbox';
import { describeBackend } from '../../../../test-support/backends';
import { requireBubblewrap } from '../../../../test-support/bubblewrap';
import { ResponsesWire, callResponse, shellCall, textAnswer } from '../support/responses-wire';

type Json = Record<string, any>;

const bubblewrap = requireBubblewrap();

// Sandboxed processes are slow to start on a loaded machine: a generous bound, not an expectation.
jest.setTimeout(60_000);

const done = textAnswer('Done.');

/** The last two input items of a request: the echoed call and its output. */
const lastTwo = (request: Json): Json[] => request.input.slice(-2);

function nativeShellSuite(title: string, makeSandbox: (dir: string) => Sandbox): void {
  describe(title, () => {
    const wire = new ResponsesWire();
    let dir: string;
    let sandbox: Sandbox;
    const agent = (options: ConstructorParameters<typeof CodeToolkit>[1] = {}) =>
      new Agent({ name: 'coder', instructions: 'Run commands.', tools: [new CodeToolkit(sandbox, options)] });

    beforeAll(() => wire.start());
    afterAll(() => wire.stop());
    beforeEach(() => {
      wire.requests.length = 0;
      dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-native-shell-')));
      sandbox = makeSandbox(dir);
    });
    afterEach(async () => {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('offers { type: "shell" } to GPT-5.1 instead of exec_command, runs a non-streamed shell_call and echoes call and output', async () => {
      const call = shellCall('call_sh1', ['echo hello > note.txt && cat note.txt', 'echo oops >&2; exit 3'], { timeout_ms: 20_000, max_output_length: 4096 });
      wire.reply({ json: callResponse([call]).json }, { json: done.json });
      const result = await new Runner({ model: wire.model() }).run(agent(), 'Write a note.');
      expect(result.finalOutput).toBe('Done.');
      expect(wire.requests[0].tools).toEqual([{ type: 'shell', environment: { type: 'local' } }]);
      expect(readFileSync(join(dir, 'note.txt'), 'utf8')).toBe('hello\n');
      expect(lastTwo(wire.requests[1])).toEqual([
        { type: 'shell_call', call_id: 'call_sh1', status: 'completed', action: call.action },
        {
          type: 'shell_call_output',
          call_id: 'call_sh1',
          status: 'completed',
          max_output_length: 4096,
          output: [
            { stdout: 'hello\n', stderr: '', outcome: { type: 'exit', exit_code: 0 } },
            { stdout: '', stderr: 'oops\n', outcome: { type: 'exit', exit_code: 3 } },
          ],
        },
      ]);
    });

    it('runs a streamed shell_call (output_item.added then done) and streams the output as tool_progress', async () => {
      const call = shellCall('call_sh2', ['for i in 1 2 3; do echo line $i; done']);
      // The terminal event carries no output: the call is assembled from the streamed items.
      wire.reply({ sse: callResponse([call], { emptyCompletedOutput: true }).sse }, { sse: done.sse });
      const stream = new Runner({ model: wire.model() }).stream(agent(), 'Count.');
      const events: RunEvent[] = [];
      for await (const event of stream) events.push(event);
      expect((await stream.result).finalOutput).toBe('Done.');
      const called = events.find((e) => e.type === 'tool_called');
      expect(called).toMatchObject({ toolName: 'shell', callId: 'call_sh2' });
      const progress = events.filter((e) => e.type === 'tool_progress').map((e) => (e.type === 'tool_progress' ? e.result.text : '')).join('');
      expect(progress).toBe('line 1\nline 2\nline 3\n');
      expect(lastTwo(wire.requests[1])[1].output).toEqual([{ stdout: 'line 1\nline 2\nline 3\n', stderr: '', outcome: { type: 'exit', exit_code: 0 } }]);
    });

    it("honours the call's timeout and output limit", async () => {
      const call = shellCall('call_sh3', ['sleep 20', 'seq 1 2000'], { timeout_ms: 1_000, max_output_length: 120 });
      wire.reply({ sse: callResponse([call]).sse }, { sse: done.sse });
      const stream = new Runner({ model: wire.model() }).stream(agent(), 'Try.');
      for await (const event of stream) void event;
      await stream.result;
      const [slow, long] = lastTwo(wire.requests[1])[1].output;
      expect(slow.outcome).toEqual({ type: 'timeout' });
      expect(long.outcome).toEqual({ type: 'exit', exit_code: 0 });
      expect(long.stdout.length + long.stderr.length).toBeLessThanOrEqual(120);
      expect(long.stdout).toMatch(/^1\n2\n[\s\S]*characters elided[\s\S]*2000\n$/);
    });

    it('pauses a native shell call for approval, survives a RunState JSON round trip, and resumes', async () => {
      const call = shellCall('call_sh4', ['echo approved > ok.txt']);
      wire.reply({ json: callResponse([call]).json });
      const runner = new Runner({ model: wire.model() });
      const paused = await runner.run(agent({ needsApproval: true }), 'Go.');
      expect(paused.status).toBe('interrupted');
      expect(paused.interruptions[0]).toMatchObject({ toolName: 'shell', callId: 'call_sh4' });
      expect(() => readFileSync(join(dir, 'ok.txt'))).toThrow();
      const again = agent({ needsApproval: true });
      const state = RunState.fromString(again, paused.state.toString());
      state.approve('call_sh4');
      wire.reply({ json: done.json });
      const resumed = await runner.run(again, state);
      expect(resumed.finalOutput).toBe('Done.');
      expect(readFileSync(join(dir, 'ok.txt'), 'utf8')).toBe('approved\n');
      expect(lastTwo(wire.requests[1])).toEqual([
        { type: 'shell_call', call_id: 'call_sh4', status: 'completed', action: call.action },
        { type: 'shell_call_output', call_id: 'call_sh4', status: 'completed', max_output_length: null, output: [{ stdout: '', stderr: '', outcome: { type: 'exit', exit_code: 0 } }] },
      ]);
    });

    it('answers a rejected call with the rejection as stderr, running nothing', async () => {
      wire.reply({ json: callResponse([shellCall('call_sh5', ['touch nope'])]).json });
      const runner = new Runner({ model: wire.model(), approvalPolicies: [requireApprovalFor('shell')] });
      const paused = await runner.run(agent(), 'Go.');
      paused.state.reject('call_sh5', { message: 'Not on this machine.' });
      wire.reply({ json: done.json });
      await runner.run(agent(), paused.state);
      expect(lastTwo(wire.requests[1])[1].output).toEqual([{ stdout: '', stderr: 'Not on this machine.', outcome: { type: 'exit', exit_code: 1 } }]);
      expect(() => readFileSync(join(dir, 'nope'))).toThrow();
    });

    it("refuses the whole call when the policy refuses one of its commands", async () => {
      wire.reply({ json: callResponse([shellCall('call_sh6', ['touch first', 'git push'])]).json }, { json: done.json });
      await new Runner({ model: wire.model() }).run(agent({ deny: ['\\bgit\\s+push\\b'] }), 'Go.');
      const [first, second] = lastTwo(wire.requests[1])[1].output;
      expect(first).toEqual({ stdout: '', stderr: 'not run: command 2 of this call was refused by policy, so none ran', outcome: { type: 'exit', exit_code: 126 } });
      expect(second.stderr).toBe('command refused by policy (denied by pattern "\\bgit\\s+push\\b"): git push');
      expect(() => readFileSync(join(dir, 'first'))).toThrow();
    });
  });
}

nativeShellSuite("OpenAI's built-in shell tool, executed by CodeToolkit on a LocalSandbox (loopback wire)", (dir) => new LocalSandbox({ workDir: dir }));
describeBackend(bubblewrap, 'on a BubblewrapSandbox', () => {
  nativeShellSuite("OpenAI's built-in shell tool, executed by CodeToolkit on a BubblewrapSandbox (loopback wire)", (dir) => new BubblewrapSandbox({ workDir: dir }));
});
