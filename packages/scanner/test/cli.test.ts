import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readManifest, runCli, type CliIo } from '@toolwright/scanner';

const fixture = path.join(__dirname, 'fixtures', 'cli');
const repoRoot = path.resolve(__dirname, '../../..');

/** Runs the CLI in-process and captures its output. */
function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), cwd: fixture };
  const code = runCli(argv, io);
  return { code, stdout, stderr };
}

describe('toolwright scan', () => {
  let dir: string;
  let out: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-cli-'));
    out = path.join(dir, 'toolwright.schemas.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a sorted, stable manifest keyed by Class.method', () => {
    const first = run('scan', '-p', 'tsconfig.json', '--out', out);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('wrote 2 tool schemas');
    const text = fs.readFileSync(out, 'utf8');
    expect(Object.keys(readManifest(out)?.tools ?? {})).toEqual(['ClockTools.addMinutes', 'ClockTools.now']);
    expect(readManifest(out)?.tools['ClockTools.now']).toEqual({
      description: 'The time in a zone.',
      parameters: { properties: { zone: { type: 'string' } }, required: ['zone'], type: 'object' },
    });
    run('scan', '-p', 'tsconfig.json', '--out', out);
    expect(fs.readFileSync(out, 'utf8')).toBe(text);
  });

  it('passes --check when the manifest is up to date', () => {
    run('scan', '-p', 'tsconfig.json', '--out', out);
    const check = run('scan', '-p', 'tsconfig.json', '--out', out, '--check');
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('is up to date (2 tools)');
  });

  it('fails --check listing stale, missing and orphaned entries, and writes nothing', () => {
    run('scan', '-p', 'tsconfig.json', '--out', out);
    const manifest = JSON.parse(fs.readFileSync(out, 'utf8'));
    manifest.tools['ClockTools.now'].description = 'An old description.';
    delete manifest.tools['ClockTools.addMinutes'];
    manifest.tools['ClockTools.removed'] = { parameters: { type: 'object', properties: {} } };
    const edited = JSON.stringify(manifest);
    fs.writeFileSync(out, edited);
    const check = run('scan', '-p', 'tsconfig.json', '--out', out, '--check');
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/stale {5}ClockTools\.now/);
    expect(check.stderr).toMatch(/missing {3}ClockTools\.addMinutes/);
    expect(check.stderr).toMatch(/orphaned {2}ClockTools\.removed/);
    expect(check.stderr).toContain(`Fix: run npx toolwright scan -p tsconfig.json --out ${out}`);
    expect(fs.readFileSync(out, 'utf8')).toBe(edited);
  });

  it('fails --check when there is no manifest at all', () => {
    const check = run('scan', '-p', 'tsconfig.json', '--out', out, '--check');
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/missing {3}ClockTools\.now/);
  });

  it('reports strict-mode errors compiler-style and writes no manifest', () => {
    const failing = run('scan', '-p', path.join('..', 'schemas', 'tsconfig.json'), '--out', out);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain(
      '../schemas/maps.ts:15:39  tool store, parameter "scores": is a map with arbitrary keys (Record<string, T> or an index signature), which strict mode cannot express — ',
    );
    expect(failing.stderr).toContain('6 errors');
    expect(fs.existsSync(out)).toBe(false);
  });

  it('explains a missing tsconfig and an unknown flag', () => {
    expect(run('scan', '-p', 'nope.json')).toMatchObject({ code: 2, stderr: expect.stringContaining('tsconfig not found') });
    expect(run('scan', '--frobnicate')).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown argument "--frobnicate"') });
    expect(run('--help')).toMatchObject({ code: 0, stdout: expect.stringContaining('toolwright scan -p <tsconfig>') });
  });

  it('runs as `npx toolwright` from the repository root', () => {
    const output = execFileSync('npx', ['--no-install', 'toolwright', 'scan', '-p', path.relative(repoRoot, fixture), '--out', out], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(output).toContain('wrote 2 tool schemas');
    expect(readManifest(out)?.tools['ClockTools.now']).toBeDefined();
  });
});
