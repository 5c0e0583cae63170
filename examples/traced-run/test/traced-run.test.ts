import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..', '..', '..');
const example = join(root, 'examples', 'traced-run');
const main = join(example, 'dist', 'main.js');

function envWithoutKeys(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_API', 'OPENAI_MODEL', 'OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT']) delete env[name];
  return env;
}

/** The `name:` lines the console exporter printed, in order. */
function spanNames(stdout: string): string[] {
  return [...stdout.matchAll(/^ {2}name: '([^']+)'/gm)].map((m) => m[1]!);
}

describe('the traced-run example', () => {
  beforeAll(() => {
    // Built like every example (`toolwright build`), here when the test runs before `npm run build`.
    if (!existsSync(main)) {
      execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', join(root, 'packages/core'), join(root, 'packages/openai'), join(root, 'packages/scanner')], { stdio: 'inherit' });
      execFileSync(process.execPath, [join(root, 'packages/scanner/bin/toolwright.js'), 'build', '-p', join(example, 'tsconfig.json')], { stdio: 'inherit' });
    }
  }, 300_000);

  it('Z-47, Z-74, Z-156: prints the spans of the run with the console exporter, redacted', async () => {
    const { stdout } = await run(process.execPath, [main], { env: envWithoutKeys(), timeout: 60_000 });
    expect(stdout).toContain('No OPENAI_API_KEY set: running on ScriptedModel.');
    // Spans print as they end: children before their parents.
    expect(spanNames(stdout)).toEqual([
      'guardrail:input', 'chat', 'execute_tool lookup_order', 'execute_tool lookup_order', 'chat', 'execute_tool transfer_to_billing',
      'invoke_agent support', 'chat', 'invoke_agent billing', 'toolwright.run',
    ]);
    expect(stdout).toContain("'gen_ai.tool.call.id'");
    expect(stdout).toContain("'gen_ai.usage.input_tokens': 120");
    expect(stdout).toContain("message: 'Tool execution failed. Error details are redacted.'");
    expect(stdout).not.toContain('jo@example.com');
    expect(stdout).not.toContain('refund for A-42');
    expect(stdout).toContain('Answer (billing): Billing here: order A-42 (kettle, 39) is refunded.');
  }, 90_000);

  it('records inputs, outputs and error texts with --sensitive', async () => {
    const { stdout } = await run(process.execPath, [main, '--sensitive'], { env: envWithoutKeys(), timeout: 60_000 });
    expect(stdout).toContain('jo@example.com');
    expect(stdout).toContain('refund for A-42');
  }, 90_000);
});
