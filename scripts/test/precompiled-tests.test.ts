import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

// The precompiler and jest's transform are plain CommonJS run by Node itself (jest's module
// registry would map @toolwright/* to sources), so each step runs in a child process, pointed
// at a scratch project laid out as the repository is: a tsconfig.jest.json, the scanner's and
// core's builds (links to the repository's), @toolwright/core resolvable from it.
const ROOT = path.join(__dirname, '..', '..');
const BUILD = path.join(ROOT, 'scripts', 'build');

const TOOLKIT = `import { Param, Tool, Toolkit } from '@toolwright/core';

@Toolkit()
export class Weather {
  @Tool({ description: 'Current weather in a city' })
  getWeather(@Param('city') city: string, @Param('units') units?: 'celsius' | 'fahrenheit'): string {
    return \`\${city} \${units ?? 'celsius'}\`;
  }
}
`;

/**
 * One Node process the suite's steps run in, one after another: `run(body)` runs `body` with
 * `root`, the repository's build scripts, `transformer()` (jest's transform for `root`,
 * configured as jest.config.js configures it), `tsJest()` (ts-jest so configured) and `options`
 * (what jest passes them) in scope, and resolves to what it returns, as JSON. The process loads
 * TypeScript and ts-jest once for the suite rather than once per step; the build scripts are
 * loaded anew for every body, so no step sees the module state (a decision cached per root) an
 * earlier one left.
 */
class NodeSteps {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, { resolve: (json: string) => void; reject: (error: Error) => void }>();
  private next = 0;
  private stderr = '';

  constructor() {
    const server = `
      const path = require('path');
      const build = ${JSON.stringify(BUILD)};
      const config = (root) => ({
        tsconfig: path.join(root, 'tsconfig.jest.json'),
        astTransformers: { before: [{ path: ${JSON.stringify(path.join(ROOT, 'packages/scanner/dist/transformer.js'))}, options: { diagnostics: 'ignore' } }] },
      });
      process.on('message', ({ id, root, body }) => {
        for (const file of Object.keys(require.cache)) if (file.startsWith(build + path.sep)) delete require.cache[file];
        try {
          const step = new Function('require', 'root', 'build', 'config', \`
            const path = require('path');
            const { precompileTests } = require(path.join(build, 'precompile-tests.js'));
            const { readManifest, staleness, jestProgramConfig, compiledPath } = require(path.join(build, 'precompiled-tests.js'));
            const ts = require('typescript');
            const transformer = () => require(path.join(build, 'precompiled-transform.js')).createTransformer({ ...config, precompiledRoot: root });
            const tsJest = () => require('ts-jest').default.createTransformer(config);
            const options = { config: { rootDir: root, cwd: root, testMatch: [], moduleFileExtensions: ['ts', 'js'], globals: {} }, cacheFS: new Map(), instrument: false, supportsStaticESM: false, transformerConfig: config };
            const log = () => undefined;
            \${body}\`);
          const result = step(require, root, build, config(root));
          process.send({ id, json: JSON.stringify(result === undefined ? null : result) });
        } catch (error) {
          process.send({ id, error: String((error && error.stack) || error) });
        }
      });
    `;
    // TOOLWRIGHT_PRECOMPILED=0 (ts-jest for everything) is for the repository's own run, not this root.
    this.child = spawn(process.execPath, ['-e', server], { cwd: ROOT, env: { ...process.env, TOOLWRIGHT_PRECOMPILED: '' }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    this.child.stderr!.setEncoding('utf8').on('data', (text: string) => (this.stderr += text));
    this.child.on('message', ({ id, json, error }: { id: number; json?: string; error?: string }) => {
      const step = this.pending.get(id)!;
      this.pending.delete(id);
      if (error === undefined) step.resolve(json!);
      else step.reject(new Error(error));
    });
    this.child.on('exit', (code, signal) => {
      for (const step of this.pending.values()) step.reject(new Error(`the step process ended (${code ?? signal}):\n${this.stderr}`));
      this.pending.clear();
    });
  }

  async run<T>(root: string, body: string): Promise<T> {
    const id = this.next++;
    const json = await new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, root, body });
    });
    return JSON.parse(json) as T;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill();
    await exited;
  }
}

/** Without source map comments: ts-jest inlines its map, the precompiled code returns it aside. */
const withoutMapComment = (code: string) => code.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '\n').trimEnd();

describe('the tests compiled once (scripts/build/precompile-tests.js and precompiled-transform.js)', () => {
  let root: string;
  let steps: NodeSteps;
  const inNode = <T>(dir: string, body: string): Promise<T> => steps.run<T>(dir, body);
  const file = (name: string) => path.join(root, name);

  beforeAll(async () => {
    steps = new NodeSteps();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-precompiled-'));
    for (const dir of ['packages/scanner', 'packages/core', 'node_modules/@toolwright']) fs.mkdirSync(path.join(root, dir), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'packages/scanner/dist'), file('packages/scanner/dist'));
    fs.symlinkSync(path.join(ROOT, 'packages/core/dist'), file('packages/core/dist'));
    fs.symlinkSync(path.join(ROOT, 'packages/core'), file('node_modules/@toolwright/core'));
    fs.writeFileSync(
      file('tsconfig.jest.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'commonjs', moduleResolution: 'node', strict: true, experimentalDecorators: true, emitDecoratorMetadata: true, esModuleInterop: true, skipLibCheck: true, sourceMap: true, types: [] },
        files: ['toolkit.ts', 'plain.ts', 'broken.ts'],
      }),
    );
    fs.writeFileSync(file('toolkit.ts'), TOOLKIT);
    fs.writeFileSync(file('plain.ts'), 'export const twice = (n: number): number => n * 2;\n');
    fs.writeFileSync(file('broken.ts'), "export const n: number = 'not a number';\n");
    expect(await inNode(root, 'return precompileTests({ root, log });')).toEqual({ compiled: 3, files: 3 });
  }, 120_000);

  afterAll(async () => {
    await steps?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is current after it ran, and a second run compiles nothing', async () => {
    const { current, second } = await inNode<{ current: string; second: unknown }>(
      root,
      'const current = staleness(readManifest(root), jestProgramConfig(ts, root).fileNames, root) ?? "current"; return { current, second: precompileTests({ root, log }) };',
    );
    expect(current).toBe('current');
    expect(second).toEqual({ compiled: 0, files: 3 });
  }, 120_000);

  it("gives a file the very code ts-jest gives it: the scanner's schema embedded", async () => {
    const { ours, theirs } = await inNode<{ ours: { code: string; map: string }; theirs: { code: string } }>(
      root,
      `const file = path.join(root, 'toolkit.ts'); const text = require('fs').readFileSync(file, 'utf8');
       return { ours: transformer().process(text, file, options), theirs: tsJest().process(text, file, options) };`,
    );
    expect(withoutMapComment(ours.code)).toBe(withoutMapComment(theirs.code));
    expect(ours.code).toContain('"city"');
    expect(ours.code).toMatch(/"enum":\s*\[\s*"celsius",\s*"fahrenheit"/);
    expect(JSON.parse(ours.map)).toMatchObject({ sources: ['toolkit.ts'], sourcesContent: [TOOLKIT] });
  }, 120_000);

  it('reads the compiled file from the cache, and sends a file edited since to ts-jest', async () => {
    const { cached, edited, keys } = await inNode<{ cached: string; edited: string; keys: string[] }>(
      root,
      `const fs = require('fs'); const file = path.join(root, 'plain.ts'); const text = fs.readFileSync(file, 'utf8');
       const target = compiledPath(root, 'plain.ts');
       fs.writeFileSync(target, fs.readFileSync(target, 'utf8') + '\\n// served from the cache\\n');
       const t = transformer(); const changed = text + 'export const thrice = (n: number): number => n * 3;\\n';
       return { cached: t.process(text, file, options).code, edited: t.process(changed, file, options).code, keys: [t.getCacheKey(text, file, options), t.getCacheKey(changed, file, options)] };`,
    );
    expect(cached).toContain('served from the cache');
    expect(edited).toContain('thrice');
    expect(edited).not.toContain('served from the cache');
    expect(keys[0]).not.toBe(keys[1]);
  }, 120_000);

  it('fails the suite that loads a file with type errors, with the errors', async () => {
    const thrown = await inNode<string>(
      root,
      `const file = path.join(root, 'broken.ts');
       try { transformer().process(require('fs').readFileSync(file, 'utf8'), file, options); return 'no error'; } catch (error) { return error.message; }`,
    );
    expect(thrown).toMatch(/broken\.ts.*TS2322.*not assignable to type 'number'/s);
  }, 120_000);

  it('is stale once a file changes or one is added, and is then compiled anew', async () => {
    fs.writeFileSync(file('plain.ts'), 'export const twice = (n: number): number => n + n;\n');
    const { changed, added, recompiled, after } = await inNode<{ changed: string; added: string; recompiled: unknown; after: string }>(
      root,
      `const manifest = readManifest(root); const files = jestProgramConfig(ts, root).fileNames;
       const changed = staleness(manifest, files, root); const added = staleness(manifest, [...files, path.join(root, 'extra.ts')], root);
       const recompiled = precompileTests({ root, log });
       return { changed, added, recompiled, after: staleness(readManifest(root), jestProgramConfig(ts, root).fileNames, root) ?? "current" };`,
    );
    expect(changed).toBe('plain.ts changed');
    expect(added).toBe('files were added or removed');
    expect(recompiled).toEqual({ compiled: 3, files: 3 });
    expect(after).toBe('current');
  }, 120_000);
});
