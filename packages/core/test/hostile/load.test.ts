import { spawn } from 'child_process';
import { join } from 'path';
import { Agent, Runner, defineTool, type Model, type ModelRequest, type ModelResponse } from '@toolwright/core';
import { buildIfStale } from '../../../../test-support/build-if-stale';

// Load (issue 11, "Done when"): 1,000 concurrent runs on one Runner, one Agent, one tool and one
// model see nothing of each other; long sequences of runs and of pause→sign→load→resume cycles
// keep a flat heap (measured after full GCs in a process of its own); 100 MB payloads are
// answered within bounds in a process of their own.

const root = join(__dirname, '../../../..');
const fixtures = join(__dirname, 'fixtures');

function runChild(args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`child ${args.join(' ')} exited with ${code}:\n${stderr}`));
      else resolve(JSON.parse(stdout) as Record<string, unknown>);
    });
  });
}

/** One model for every run: it calls `whoami` with the run's own input, then echoes the tool's output. */
const sharedModel: Model = {
  async respond(request: ModelRequest): Promise<ModelResponse> {
    const user = request.input.find((i) => i.type === 'message' && i.role === 'user') as { content: string };
    const output = request.input.find((i) => i.type === 'function_call_output') as { output: string } | undefined;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    if (!output) return { output: [{ type: 'function_call', callId: `call-${user.content}`, name: 'whoami', arguments: JSON.stringify({ input: user.content }) }] };
    return { output: [{ type: 'message', role: 'assistant', content: `final ${output.output}` }] };
  },
  stream() {
    throw new Error('not streamed');
  },
};

describe('Load', () => {
  beforeAll(() => {
    // The children run on the compiled package; `npm test` builds first, this keeps a lone run honest.
    buildIfStale(['core']);
  }, 180_000);

  it('1,000 concurrent runs on one runner, agent, tool and model: each sees only its own context, arguments and outputs', async () => {
    const whoami = defineTool({
      name: 'whoami',
      description: 'Says who is asking.',
      parameters: { type: 'object', properties: { input: { type: 'string' } }, required: ['input'] },
      invoke: async (ctx, args: { input: string }) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        return `${(ctx.context as { user: string }).user}/${args.input}/${ctx.callId}`;
      },
    });
    const agent = new Agent({ name: 'shared', tools: [whoami] });
    const runner = new Runner({ model: sharedModel });
    const runs = Array.from({ length: 1_000 }, (_, i) => runner.run(agent, `u${i}`, { context: { user: `u${i}` } }));
    const results = await Promise.all(runs);
    results.forEach((result, i) => {
      expect(result.finalOutput).toBe(`final u${i}/u${i}/call-u${i}`);
      const foreign = JSON.stringify(result.history).match(/u\d+/g)!.filter((id) => id !== `u${i}`);
      expect(foreign).toEqual([]);
    });
  }, 120_000);

  it('20,000 sequential runs keep a flat heap', async () => {
    const report = await runChild(['--expose-gc', join(fixtures, 'heap-child.js'), 'sequential', '20000']);
    // Measured after full GCs, from run 2,000 to run 20,000; a leak of even 100 bytes a run shows as 1.8 MB.
    expect(report.growthBytes).toBeLessThan(1_000_000);
  }, 120_000);

  it('20,000 pause → sign → load → resume cycles keep a flat heap (beyond the resume-once guard\'s ids)', async () => {
    const report = await runChild(['--expose-gc', join(fixtures, 'heap-child.js'), 'cycles', '20000']);
    // The in-process guard remembers each resumed id (18,000 here, about 100 bytes each); a leaked
    // state or history per cycle would be several kilobytes each, tens of megabytes in all.
    expect(report.growthBytes).toBeLessThan(4_000_000);
  }, 180_000);

  it('100 MB payloads from the model and a 100 MB tool output: no crash, nothing unhandled, nothing runs, bounded messages', async () => {
    const report = await runChild([join(fixtures, 'big-payload-child.js')]);
    expect(report).toMatchObject({ crashes: 0, unhandledRejections: 0, invalidInvocations: 0 });
    expect(report.largestMessage).toBeLessThanOrEqual(64 * 1024 + 200);
    expect((report.cases as unknown[]).length).toBe(6);
  }, 120_000);
});
