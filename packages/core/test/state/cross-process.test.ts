import { execFileSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { runCli, type CliResult } from '../../../../test-support/run-cli';
import { Runner, ScriptedModel } from '@toolwright/core';

// Plain JavaScript shared with the child process (see fixtures/).
const { buildAgent } = require('./fixtures/refund-agent') as { buildAgent: (log: (line: string) => void) => import('@toolwright/core').Agent };

const root = join(__dirname, '../../../..');
const child = join(__dirname, 'fixtures/resume-child.js');

function runChild(args: string[]): Promise<CliResult> {
  return runCli(child, args, { cwd: root, timeoutMs: 20_000 });
}

describe('RunState across processes', () => {
  let dir: string;
  beforeAll(() => {
    // The child runs on the compiled package; `npm test` builds first, this keeps a lone run honest.
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', join(root, 'packages/core')], { stdio: 'inherit' });
    dir = mkdtempSync(join(tmpdir(), 'toolwright-state-'));
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('pauses here, writes the signed state to a file, and resumes in a child process that never saw the run', async () => {
    const ranHere: string[] = [];
    const agent = buildAgent((line) => ranHere.push(line));
    const model = new ScriptedModel([
      {
        toolCalls: [
          { name: 'lookup_order', arguments: { orderId: '42' }, callId: 'call_lookup' },
          { name: 'refund', arguments: { orderId: '42', amount: 30, reason: null }, callId: 'call_refund' },
        ],
        usage: { inputTokens: 20, outputTokens: 10 },
      },
    ]);
    const paused = await new Runner({ model }).run(agent, 'Refund order 42, please.');
    expect(paused.status).toBe('interrupted');
    expect(ranHere).toEqual([]);
    const file = join(dir, 'state.json');
    const secret = 'test-secret-0123456789';
    writeFileSync(file, paused.state.toString({ secret }));

    const { code, stdout, stderr } = await runChild([file, secret]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.pid).not.toBe(process.pid);
    expect(report.pending).toEqual([{ callId: 'call_refund', toolName: 'refund', arguments: { orderId: '42', amount: 30 } }]);
    // The sibling that needed no approval and the approved (edited) refund ran there, once each.
    expect(report.ran).toEqual(['lookup_order 42', 'refund 42 25 (no reason)']);
    expect(report.status).toBe('completed');
    expect(report.finalOutput).toBe('Outputs: order 42: 2 items, paid 30 EUR | refunded 25 EUR on order 42');
    expect(report.turns).toBe(2);
    expect(report.usage).toMatchObject({ inputTokens: 27, outputTokens: 13, requests: 2 });
    expect(ranHere).toEqual([]);
  }, 30_000);

  it('the child refuses a state changed on disk, and runs nothing', async () => {
    const agent = buildAgent(() => undefined);
    const model = new ScriptedModel([{ toolCalls: [{ name: 'refund', arguments: { orderId: '7', amount: 5, reason: null } }] }]);
    const paused = await new Runner({ model }).run(agent, 'go');
    const file = join(dir, 'tampered.json');
    writeFileSync(file, paused.state.toString({ secret: 's3cret' }).replace('\\"amount\\":5', '\\"amount\\":500'));
    const { code, stdout, stderr } = await runChild([file, 's3cret']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/RunStateError: The run state's signature does not match/);
  }, 30_000);
});
