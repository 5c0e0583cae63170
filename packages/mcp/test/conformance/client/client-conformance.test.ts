import { existsSync } from 'node:fs';
import { NODE_22, runClientSuite, UNSUPPORTED, type ScenarioRun, type SuiteRun } from './client-scenarios';

/** Every client scenario of the pinned suite, @modelcontextprotocol/conformance 0.1.16. */
const SCENARIOS = [
  'initialize',
  'tools_call',
  'elicitation-sep1034-client-defaults',
  'sse-retry',
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/resource-mismatch',
  'auth/offline-access-scope',
  'auth/offline-access-not-supported',
  'auth/client-credentials-jwt',
  'auth/client-credentials-basic',
  'auth/cross-app-access-complete-flow',
];

/** A scenario's result line: its checks by status, and the failing ones by name. */
function summary(run: ScenarioRun): string {
  const count = (status: string) => run.checks.filter((c) => c.status === status).length;
  const failing = run.checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING').map((c) => `${c.status} ${c.name}: ${c.errorMessage ?? c.description ?? ''}`);
  return [`${run.scenario}: ${count('SUCCESS')} passed, ${count('FAILURE')} failed, ${count('WARNING')} warnings, client exit ${run.exitCode ?? 'none (timed out or died)'}`, ...failing.map((f) => `    ${f}`)].join('\n');
}

describe('The MCP conformance suite, client scenarios, against McpToolset', () => {
  const supported = SCENARIOS.filter((s) => !(s in UNSUPPORTED));
  let suite: Promise<SuiteRun> | undefined;
  /** The one run of the suite every test below reads, started by the first that needs it. */
  const suiteRun = () => (suite ??= runClientSuite(supported));

  // The whole suite runs in one process of the suite's CLI, its scenarios played a few at a time
  // by this process; a loaded machine takes a while (the first test that reads it waits for all).
  jest.setTimeout(300_000);

  it('runs the pinned suite with the Node 22 binary', () => {
    expect(existsSync(NODE_22)).toBe(true);
  });

  it('knows every client scenario of the pinned suite', async () => {
    expect((await suiteRun()).scenarios.sort()).toEqual([...SCENARIOS].sort());
  });

  for (const scenario of supported) {
    it(`passes ${scenario}`, async () => {
      const run = (await suiteRun()).runs.get(scenario)!;
      // The per-scenario result, printed whether it passes or not.
      process.stdout.write(`[conformance client] ${summary(run)}\n`);
      expect(run.checks.length).toBeGreaterThan(0);
      const failed = run.checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
      if (failed.length > 0 || run.clientFailed) throw new Error(`${summary(run)}\n--- output (end) ---\n${run.output.slice(-6000)}`);
    });
  }

  for (const [scenario, reason] of Object.entries(UNSUPPORTED)) {
    it(`lists ${scenario} as not supported, with the reason`, () => {
      expect(SCENARIOS).toContain(scenario);
      expect(reason.length).toBeGreaterThan(20);
    });
  }
});
