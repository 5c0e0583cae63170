import { execFileSync } from 'child_process';
import { existsSync } from 'fs';
import { join } from 'path';
import { runCli } from '../../../test-support/run-cli';

const root = join(__dirname, '../../..');
const example = join(root, 'examples/weather');
const main = join(example, 'dist/main.js');

describe('the weather example program', () => {
  beforeAll(() => {
    if (!existsSync(main)) {
      execFileSync(process.execPath, [join(root, 'packages/scanner/bin/toolwright.js'), 'build', '-p', join(example, 'tsconfig.json')], { stdio: 'inherit' });
    }
  }, 180_000);

  it('lists the tools, then runs get_weather outside any run with executeToolCall, refusing invalid arguments', async () => {
    const { code, stdout, stderr } = await runCli(main, [], { cwd: example, timeoutMs: 20_000 });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('get_weather — Get the current weather for a city.');
    expect(stdout).toMatch(/^Oslo: -?\d+°C, .+, wind \d+ km\/h$/m);
    expect(stdout).toContain('refused: Invalid arguments for tool "get_weather":\n- /city: must NOT have fewer than 2 characters (got "O")');
  });
});
