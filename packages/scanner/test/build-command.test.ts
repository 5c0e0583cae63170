import * as fs from 'fs';
import * as path from 'path';
import { runCli, startBuildWatch, type BuildWatch, type CliIo } from '@toolwright/scanner';
import { stubProject, toolkitSource } from './stub-project';

/** Output captured from the CLI, readable while a watch runs. */
function capture(cwd: string): { io: CliIo; out: () => string; err: () => string } {
  let stdout = '';
  let stderr = '';
  return { io: { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd }, out: () => stdout, err: () => stderr };
}

/** The schema the transformer embedded into the compiled `@Tool()` call of `file`. */
function embeddedIn(file: string): { parameters: { properties: Record<string, unknown> } } {
  // `@Tool()(...)` through __decorate, or applied directly: `Tool(void 0, '<schema>', [Param('what')])`.
  const match = /\(void 0, '(.*?)'(?:\)|, \[)/.exec(fs.readFileSync(file, 'utf8'));
  if (!match) throw new Error(`no embedded schema in ${file}`);
  return JSON.parse(match[1]);
}

/** Waits (bounded, generously) until `condition` holds. */
async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('toolwright build', () => {
  it('embeds the schemas and exits 0 for a project whose tools are strict', () => {
    const project = stubProject({ 'counter.ts': toolkitSource("'a' | 'b'") });
    try {
      const { io, err } = capture(project.dir);
      expect(runCli(['build', '-p', 'tsconfig.json'], io)).toBe(0);
      expect(err()).toBe('');
      expect(embeddedIn(path.join(project.dir, 'dist', 'counter.js')).parameters.properties.what).toEqual({ type: 'string', enum: ['a', 'b'] });
    } finally {
      project.remove();
    }
  });

  it('prints a strict-mode problem as a compiler error with file, line, column, tool, field and fix, and exits 1', () => {
    const project = stubProject({ 'counter.ts': toolkitSource('Record<string, number>') });
    try {
      const { io, err } = capture(project.dir);
      expect(runCli(['build', '-p', 'tsconfig.json'], io)).toBe(1);
      expect(err()).toMatch(
        /^src\/counter\.ts\(6,9\): error TS90001: toolwright: tool count, parameter "what": is a map with arbitrary keys .* — use an interface with known keys/m,
      );
      expect(err()).toContain('toolwright build: 1 error');
    } finally {
      project.remove();
    }
  });

  it('prints type errors and scan errors alike, with code frames when pretty', () => {
    const project = stubProject({ 'counter.ts': `${toolkitSource('Record<string, number>')}\nexport const n: number = 'x';\n` });
    try {
      const { io, err } = capture(project.dir);
      expect(runCli(['build', '-p', 'tsconfig.json'], { ...io, isTerminal: true })).toBe(1);
      expect(err()).toMatch(/error.*TS2322/);
      expect(err()).toMatch(/error.*TS90001.*toolwright: tool count/);
      expect(err()).toContain('count(@Param'); // the code frame
      expect(err()).toContain('toolwright build: 2 errors');
    } finally {
      project.remove();
    }
  });
});

describe('toolwright build --watch', () => {
  let watch: BuildWatch | undefined;
  afterEach(() => watch?.close());

  it('rebuilds on every change, reporting scan errors with the type errors until they are fixed', async () => {
    const project = stubProject({ 'counter.ts': toolkitSource('string') });
    const output = path.join(project.dir, 'dist', 'counter.js');
    try {
      const { io, out, err } = capture(project.dir);
      watch = startBuildWatch({ project: 'tsconfig.json' }, io);
      await until(() => /Found 0 errors/.test(out()), 'the first build');
      expect(embeddedIn(output).parameters.properties.what).toEqual({ type: 'string' });

      project.write('counter.ts', toolkitSource('Record<string, number>'));
      await until(() => /Found 1 error/.test(out()), 'the rebuild with a strict-mode error');
      expect(err()).toMatch(/src\/counter\.ts\(6,9\): error TS90001: toolwright: tool count, parameter "what": is a map with arbitrary keys/);

      project.write('counter.ts', toolkitSource('number[]'));
      await until(() => (out().match(/Found 0 errors/g) ?? []).length === 2, 'the rebuild after the fix');
      expect(embeddedIn(output).parameters.properties.what).toEqual({ type: 'array', items: { type: 'number' } });
    } finally {
      watch?.close();
      watch = undefined;
      project.remove();
    }
  }, 120_000);
});
