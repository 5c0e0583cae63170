import { execFileSync } from 'child_process';
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
 * Runs `body` in Node with `root`, the repository's build scripts, `transformer()` (jest's
 * transform for `root`, configured as jest.config.js configures it), `tsJest()` (ts-jest so
 * configured) and `options` (what jest passes them) in scope; returns what it returns, as JSON.
 */
function inNode<T>(root: string, body: string): T {
  const script = `
    const path = require('path');
    const root = ${JSON.stringify(root)};
    const build = ${JSON.stringify(BUILD)};
    const { precompileTests } = require(path.join(build, 'precompile-tests.js'));
    const { readManifest, staleness, jestProgramConfig, compiledPath } = require(path.join(build, 'precompiled-tests.js'));
    const ts = require('typescript');
    const config = {
      tsconfig: path.join(root, 'tsconfig.jest.json'),
      astTransformers: { before: [{ path: ${JSON.stringify(path.join(ROOT, 'packages/scanner/dist/transformer.js'))}, options: { diagnostics: 'ignore' } }] },
    };
    const transformer = () => require(path.join(build, 'precompiled-transform.js')).createTransformer({ ...config, precompiledRoot: root });
    const tsJest = () => require('ts-jest').default.createTransformer(config);
    const options = { config: { rootDir: root, cwd: root, testMatch: [], moduleFileExtensions: ['ts', 'js'], globals: {} }, cacheFS: new Map(), instrument: false, supportsStaticESM: false, transformerConfig: config };
    const log = () => undefined;
    const result = (() => { ${body} })();
    process.stdout.write(JSON.stringify(result === undefined ? null : result));
  `;
  // TOOLWRIGHT_PRECOMPILED=0 (ts-jest for everything) is for the repository's own run, not this root.
  const env = { ...process.env, TOOLWRIGHT_PRECOMPILED: '' };
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as T;
}

/** Without source map comments: ts-jest inlines its map, the precompiled code returns it aside. */
const withoutMapComment = (code: string) => code.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '\n').trimEnd();

describe('the tests compiled once (scripts/build/precompile-tests.js and precompiled-transform.js)', () => {
  let root: string;
  const file = (name: string) => path.join(root, name);

  beforeAll(() => {
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
    expect(inNode(root, 'return precompileTests({ root, log });')).toEqual({ compiled: 3, files: 3 });
  }, 120_000);

  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  // Each step of a test runs in the same child process, one after the other: a process loads
  // TypeScript (and ts-jest) once per test rather than once per step.
  it('is current after it ran, and a second run compiles nothing', () => {
    const { current, second } = inNode<{ current: string; second: unknown }>(
      root,
      'const current = staleness(readManifest(root), jestProgramConfig(ts, root).fileNames, root) ?? "current"; return { current, second: precompileTests({ root, log }) };',
    );
    expect(current).toBe('current');
    expect(second).toEqual({ compiled: 0, files: 3 });
  }, 120_000);

  it("gives a file the very code ts-jest gives it: the scanner's schema embedded", () => {
    const { ours, theirs } = inNode<{ ours: { code: string; map: string }; theirs: { code: string } }>(
      root,
      `const file = path.join(root, 'toolkit.ts'); const text = require('fs').readFileSync(file, 'utf8');
       return { ours: transformer().process(text, file, options), theirs: tsJest().process(text, file, options) };`,
    );
    expect(withoutMapComment(ours.code)).toBe(withoutMapComment(theirs.code));
    expect(ours.code).toContain('"city"');
    expect(ours.code).toMatch(/"enum":\s*\[\s*"celsius",\s*"fahrenheit"/);
    expect(JSON.parse(ours.map)).toMatchObject({ sources: ['toolkit.ts'], sourcesContent: [TOOLKIT] });
  }, 120_000);

  it('reads the compiled file from the cache, and sends a file edited since to ts-jest', () => {
    const { cached, edited, keys } = inNode<{ cached: string; edited: string; keys: string[] }>(
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

  it('fails the suite that loads a file with type errors, with the errors', () => {
    const thrown = inNode<string>(
      root,
      `const file = path.join(root, 'broken.ts');
       try { transformer().process(require('fs').readFileSync(file, 'utf8'), file, options); return 'no error'; } catch (error) { return error.message; }`,
    );
    expect(thrown).toMatch(/broken\.ts.*TS2322.*not assignable to type 'number'/s);
  }, 120_000);

  it('is stale once a file changes or one is added, and is then compiled anew', () => {
    fs.writeFileSync(file('plain.ts'), 'export const twice = (n: number): number => n + n;\n');
    const { changed, added, recompiled, after } = inNode<{ changed: string; added: string; recompiled: unknown; after: string }>(
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
