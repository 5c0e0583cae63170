import { spawnSync } from 'child_process';
import * as fs from 'fs';
import { builtinModules } from 'module';
import * as os from 'os';
import * as path from 'path';
import { packedTarballs } from '../../test-support/packed-tarballs';

// The packages' builds (`npm run build`: rolldown, scripts/build/), loaded the way users load
// them: by package name, in a child Node process, through `require` and `import()`. Jest itself
// maps @toolwright/* to src/, so only a child process sees the builds.

const ROOT = path.join(__dirname, '..', '..');
const PACKAGES: string[] = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] })
  .workspaces.filter((dir) => dir.startsWith('packages/'));

interface Manifest {
  name: string;
  type?: string;
  exports: Record<string, unknown>;
  files: string[];
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const manifestOf = (dir: string): Manifest => JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as Manifest;
const SPECIFIERS = PACKAGES.flatMap((dir) => {
  const { name, exports } = manifestOf(dir);
  return Object.keys(exports).filter((key) => key !== './package.json').map((key) => (key === '.' ? name : `${name}/${key.slice(2)}`));
});

type Format = 'cjs' | 'esm';

/**
 * Runs `body` in a fresh Node process at the repository root, where `load(specifier)` is
 * `require` (cjs) or `import()` (esm); the body's `out(value)` is returned parsed.
 */
function probe(format: Format, body: string): unknown {
  const prelude = format === 'cjs'
    ? 'const load = async (s) => require(s); const resolve = (s) => require.resolve(s); const nodeRequire = require;'
    : "import { createRequire } from 'node:module'; import { fileURLToPath } from 'node:url'; const load = (s) => import(s); const resolve = (s) => fileURLToPath(import.meta.resolve(s)); const nodeRequire = createRequire(import.meta.url);";
  const script = `${prelude}\nconst out = (v) => process.stdout.write(JSON.stringify(v));\n(async () => {\n${body}\n})().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });`;
  const args = format === 'esm' ? ['--input-type=module', '-e', script] : ['-e', script];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${format} probe failed (${result.status}):\n${result.stderr}`);
  return JSON.parse(result.stdout) as unknown;
}

/** `probe` run once per format, on first need: several tests read what one process found. */
function probeOnce<T>(body: (format: Format) => string): (format: Format) => T {
  const found = new Map<Format, T>();
  return (format) => {
    if (!found.has(format)) found.set(format, probe(format, body(format)) as T);
    return found.get(format)!;
  };
}

const CORE_AND_SANDBOX = SPECIFIERS.filter((specifier) => /^@toolwright\/(core|sandbox)(\/|$)/.test(specifier));
const TRANSFORMER = path.join(ROOT, 'packages/scanner/dist/transformer.js');

/**
 * What a process finds that has loaded every entry (reflect-metadata first, as applications
 * do): each entry's file and names, whether the module instances are the ones `require` gives,
 * classes the bundler renamed, the schemas of decorated toolkits, the scanner transformer's shape.
 * One process per format serves the tests that only read loaded modules; the tests of what
 * loads when get a fresh process of their own ({@link freshProcess}).
 */
const everyEntry = probeOnce<{
  entries: Record<string, { file: string; names: string[] }>;
  same: Record<string, boolean>;
  renamed: string[];
  error: string;
  schemas: Record<string, { properties: Record<string, { type?: unknown }>; required: string[] }>;
  transformer: string[];
}>((format) => `
  await load('reflect-metadata');
  const entries = {};
  const renamed = [];
  for (const s of ${JSON.stringify(SPECIFIERS)}) {
    const m = await load(s);
    entries[s] = { file: resolve(s), names: Object.keys(m).filter((k) => k !== 'default'${format === 'esm' ? " && k !== 'module.exports'" : ''}).sort() };
    for (const [name, value] of Object.entries(m)) {
      if (typeof value === 'function' && /^[A-Z]/.test(name) && /^class[\\s{]/.test(Function.prototype.toString.call(value)) && value.name !== name) renamed.push(s + ' ' + name + ' is named ' + value.name);
    }
  }
  const core = await load('@toolwright/core');
  const extend = await load('@toolwright/core/extend');
  const required = nodeRequire('@toolwright/core');
  const sandbox = await load('@toolwright/sandbox');
  const same = { agent: core.Agent === required.Agent, result: core.ToolResult === required.ToolResult, kit: extend.runStoreKit === nodeRequire('@toolwright/core/extend').runStoreKit, sandbox: sandbox.LocalSandbox === nodeRequire('@toolwright/sandbox').LocalSandbox };
  const brave = await load('@toolwright/brave-search');
  const tools = [
    ...core.toolsOf(new brave.BraveSearchToolkit({ apiKey: 'unused' })),
    ...core.toolsOf(new sandbox.FileToolkit(new sandbox.LocalSandbox({ workDir: process.cwd() }))),
  ];
  const schemas = Object.fromEntries(tools.map((t) => [t.name, t.parameters]));
  ${format === 'cjs'
    ? `const transformer = [typeof require(${JSON.stringify(TRANSFORMER)}).default, typeof require('@toolwright/scanner/transformer').factory];`
    : "const t = await load('@toolwright/scanner/plugin'); const transformer = [typeof t.before, typeof t.factory, typeof t.default.default];"}
  out({ entries, same, renamed, error: new core.ToolTimeoutError('t', 'c', 5).name, schemas, transformer });`);

/**
 * What loads when, in a fresh process: the optional and first-use dependencies and core's lazily
 * required modules (dist/lazy/) after importing core, then core's and the sandbox's entries;
 * after a strict rewrite; after a tool's first call in a run; after a resume.
 */
const freshProcess = probeOnce<{
  lazyAtCore: string[]; atImport: string[]; lazyAtImport: string[]; union: unknown; refusal: boolean; afterRewrite: string[]; ajvBeforeCall: boolean;
  ajv: boolean; echoed: { final: string; outputs: string[] }; final: string; afterRun: string[]; resumed: boolean; afterResume: string[];
}>(() => `
  const loaded = (name) => Object.keys(nodeRequire.cache).some((file) => file.includes('/node_modules/' + name + '/'));
  const lazyLoaded = () => Object.keys(nodeRequire.cache).filter((file) => file.includes('/packages/core/dist/')).map((file) => file.replace(/.*\\/dist\\//, '')).filter((file) => file.startsWith('lazy/')).sort();
  const lazy = ['ajv', 'class-validator', 'class-transformer', '@opentelemetry/api', 'ssh2', 'dockerode'];
  await load('reflect-metadata');
  const core = await load('@toolwright/core');
  const lazyAtCore = lazyLoaded();
  for (const s of ${JSON.stringify(CORE_AND_SANDBOX)}) await load(s);
  const atImport = lazy.filter(loaded);
  const lazyAtImport = lazyLoaded();
  const union = core.toStrictSchema({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'number' }] } } });
  let refusal;
  try { core.toStrictSchema({ type: 'object', properties: { m: { type: 'object', additionalProperties: { type: 'string' } } } }, { toolName: 't' }); } catch (error) { refusal = error; }
  const afterRewrite = lazyLoaded();
  const ajvBeforeCall = loaded('ajv');
  const { defineTool, Agent, Runner, ScriptedModel } = core;
  const echo = defineTool({
    name: 'echo', description: 'Echo the text.',
    parameters: { type: 'object', properties: { text: { type: 'string', maxLength: 5 } }, required: ['text'], additionalProperties: false },
    invoke: (_ctx, args) => 'echo:' + args.text,
  });
  const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }, { name: 'echo', arguments: { text: 'far too long' } }] }, { text: 'done' }]);
  const echoRun = await new Runner({ model }).run(new Agent({ name: 'a', instructions: 'Echo.', tools: [echo] }), 'go');
  const echoed = { final: echoRun.finalOutput, outputs: echoRun.history.filter((i) => i.type === 'function_call_output').map((i) => i.output) };
  const ajv = loaded('ajv');
  const plain = core.defineTool({ name: 'echo', description: 'Echo.', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, invoke: (_ctx, args) => args.text });
  const agent = new core.Agent({ name: 'a', tools: [plain], model: new core.ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] }, { text: 'done' }]) });
  const run = await new core.Runner().run(agent, 'go');
  const afterRun = lazyLoaded();
  const resumed = core.RunState.fromString(agent, run.state.toString({ secret: 's'.repeat(32) }), { secret: 's'.repeat(32) });
  out({ lazyAtCore, atImport, lazyAtImport, union: union.properties.a, refusal: refusal instanceof core.ToolDefinitionError && refusal instanceof core.ToolwrightError, afterRewrite, ajvBeforeCall, ajv, echoed, final: run.finalOutput, afterRun, resumed: resumed instanceof core.RunState, afterResume: lazyLoaded() });`);

/** Every file under `dir`, relative to it, with `/` separators. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The name in a tarball's package.json and the paths of its files (without npm's `package/` prefix). */
function tarballContents(tarball: string): { name: string; files: Array<{ path: string }> } {
  const tar = (args: string[]): string => {
    const result = spawnSync('tar', args, { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`tar ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    return result.stdout;
  };
  const { name } = JSON.parse(tar(['-xzOf', tarball, 'package/package.json'])) as { name: string };
  const paths = tar(['-tzf', tarball]).split('\n').filter((entry) => entry !== '' && !entry.endsWith('/'));
  return { name, files: paths.map((entry) => ({ path: entry.replace(/^package\//, '') })) };
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
const packageName = (specifier: string): string => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const isBuiltin = (specifier: string): boolean => specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);

/** The bare specifiers a built file requires (rolldown's CommonJS output: `require("x")`). */
function requiredSpecifiers(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/\brequire\((["'`])([^"'`]+)\1\)/g)].map((match) => match[2]!).filter((specifier) => !specifier.startsWith('.'));
}

beforeAll(() => {
  const missing = PACKAGES.filter((dir) => !fs.existsSync(path.join(ROOT, dir, 'dist', 'index.js')));
  if (missing.length > 0) throw new Error(`no build in ${missing.join(', ')}: run \`npm run build\` first`);
});

describe('the package builds', () => {
  it('serve `import` and `require` from the same file per entry, with the same names and one instance', () => {
    const cjs = everyEntry('cjs').entries;
    const esm = everyEntry('esm').entries;
    for (const specifier of SPECIFIERS) {
      expect(cjs[specifier]!.names.length).toBeGreaterThan(0);
      expect({ specifier, ...esm[specifier] }).toEqual({ specifier, ...cjs[specifier] });
      expect(cjs[specifier]!.file).toMatch(/\/dist\/.+\.js$/);
    }
    const same = everyEntry('esm').same;
    expect(same).toEqual({ agent: true, result: true, kit: true, sandbox: true });
  });

  it('keep each entry small, in a "type": "commonjs" package: the files an `import` reads through to find the names', () => {
    // Node 20's ES module loader lexes a CommonJS entry whole (cjs-module-lexer) for its names
    // before running it, and compiles a `.js` of a package without `type` once more to detect ES
    // module syntax; with core's code in its entry (75 KB), `import()` took twice `require`.
    const MAX_ENTRY_BYTES = 16 * 1024;
    for (const dir of PACKAGES) {
      const manifest = manifestOf(dir);
      expect({ name: manifest.name, type: manifest.type }).toEqual({ name: manifest.name, type: 'commonjs' });
      const targets = new Set(JSON.stringify(manifest.exports).match(/\.\/dist\/[^"]+\.js/g) ?? []);
      const large = [...targets].map((target) => ({ file: `${dir}/${target.slice(2)}`, bytes: fs.statSync(path.join(ROOT, dir, target)).size })).filter(({ bytes }) => bytes > MAX_ENTRY_BYTES);
      expect(large).toEqual([]);
    }
  });

  describe.each(['cjs', 'esm'] as const)('loaded through %s', (format) => {
    it('load no optional or first-use dependency at import; ajv (a dependency) loads on a tool\'s first call', () => {
      const result = freshProcess(format);
      expect(result.atImport).toEqual([]);
      expect(result.ajvBeforeCall).toBe(false);
      expect(result.ajv).toBe(true);
      expect(result.echoed.final).toBe('done');
      expect(result.echoed.outputs[0]).toBe('echo:hi');
      expect(result.echoed.outputs[1]).toMatch(/text/);
      expect(result.echoed.outputs[1]).not.toMatch(/^echo:/);
    });

    it('build decorated toolkits with the schemas the scanner embedded', () => {
      // Registration refuses to guess a @Param schema from reflection: these tools build only
      // because the builds carry the schemas the transformer embedded.
      const result = everyEntry(format).schemas;
      expect(result.brave_search!.properties.query).toMatchObject({ type: 'string' });
      expect(result.read_file!.required).toEqual(['path', 'offset', 'limit']);
      expect(result.read_file!.properties.offset).toMatchObject({ type: ['integer', 'null'] });
      expect(result.write_file!.required).toEqual(['path', 'content']);
    });
  });

  it.each(['cjs', 'esm'] as const)("load core's lazily required modules (dist/lazy/) on first use, through %s, sharing the entry's classes", (format) => {
    const result = freshProcess(format);
    expect(result.lazyAtCore).toEqual([]);
    expect(result.lazyAtImport).toEqual([]);
    expect(result.union).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] });
    expect(result.refusal).toBe(true);
    expect(result.afterRewrite).toEqual(['lazy/schema/strict-rewriter.js']);
    expect(result.final).toBe('done');
    expect(result.afterRun).toEqual(expect.arrayContaining(['lazy/runner/run-loop.js', 'lazy/schema/strict-rewriter.js']));
    expect(result.afterRun).not.toContain('lazy/state/run-state-parse.js');
    expect(result.resumed).toBe(true);
    expect(result.afterResume).toEqual(expect.arrayContaining(['lazy/state/run-state-parse.js', 'lazy/state/state-signing.js']));
  });

  it('keep error class names (no class renamed by the bundler)', () => {
    const { renamed, error } = everyEntry('cjs');
    expect({ renamed, error }).toEqual({ renamed: [], error: 'ToolTimeoutError' });
    for (const dir of PACKAGES) {
      const dist = path.join(ROOT, dir, 'dist');
      const renamed = filesUnder(dist).filter((file) => file.endsWith('.js')).flatMap((file) => [...fs.readFileSync(path.join(dist, file), 'utf8').matchAll(/\b([A-Za-z_]\w*\$\d+)\s*=\s*class\b|\bclass ([A-Za-z_]\w*\$\d+)/g)].map((m) => `${dir}/dist/${file}: ${m[1] ?? m[2]}`));
      expect(renamed).toEqual([]);
    }
  });

  it('require nothing from dist/ but dependencies, peers and Node built-ins (no devDependency)', () => {
    for (const dir of PACKAGES) {
      const manifest = manifestOf(dir);
      // A package may load itself by name (core's contract suites load its main entry so).
      const allowed = new Set([manifest.name, ...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
      const dist = path.join(ROOT, dir, 'dist');
      const stray = filesUnder(dist).filter((file) => file.endsWith('.js'))
        .flatMap((file) => requiredSpecifiers(path.join(dist, file)).filter((s) => !isBuiltin(s) && !allowed.has(packageName(s))).map((s) => `${manifest.name} dist/${file} requires ${s}`));
      expect(stray).toEqual([]);
    }
  });

  it('pack dist/ (JavaScript, source maps, declarations), the README and package.json, and nothing else', () => {
    // The tarballs themselves: those the run's other suites install when they packed the same builds.
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-packs-'));
    const packed = [...packedTarballs(PACKAGES.map((dir) => path.basename(dir)), scratch).values()].map(tarballContents);
    fs.rmSync(scratch, { recursive: true, force: true });
    expect(packed.map((entry) => entry.name).sort()).toEqual(PACKAGES.map((dir) => manifestOf(dir).name).sort());
    for (const { name, files } of packed) {
      const dir = PACKAGES.find((candidate) => manifestOf(candidate).name === name)!;
      const extras = manifestOf(dir).files.filter((entry) => !entry.startsWith('dist') && !entry.startsWith('!') && entry !== 'README.md');
      const paths = files.map((file) => file.path);
      const unexpected = paths.filter((file) => !['package.json', 'README.md'].includes(file) && !/^dist\/.+\.(js|js\.map|d\.ts)$/.test(file) && !extras.some((extra) => file.startsWith(`${extra}/`)));
      expect({ name, unexpected }).toEqual({ name, unexpected: [] });
      expect(paths).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']));
      // Every target of the exports map is in the tarball.
      const targets = JSON.stringify(manifestOf(dir).exports).match(/\.\/dist\/[^"]+/g) ?? [];
      expect(targets.map((target) => target.slice(2)).filter((target) => !paths.includes(target))).toEqual([]);
    }
  }, 200_000);

  it('keep the scanner bin and its transformer where jest, ts-patch and Nest find them', () => {
    const bin = spawnSync(process.execPath, [path.join(ROOT, 'packages/scanner/bin/toolwright.js'), '--version'], { encoding: 'utf8' });
    const { version } = manifestOf('packages/scanner') as Manifest & { version: string };
    expect(bin.stdout.trim()).toBe(version);
    expect(everyEntry('cjs').transformer).toEqual(['function', 'function']);
    // Through import, a CommonJS module's default export is its module.exports: the tools that
    // load transformers (ts-patch, ts-jest, the Nest CLI) require them.
    expect(everyEntry('esm').transformer).toEqual(['function', 'function', 'function']);
  });

  it('ship source maps that carry their TypeScript sources', () => {
    for (const dir of PACKAGES) {
      const dist = path.join(ROOT, dir, 'dist');
      const maps = filesUnder(dist).filter((file) => file.endsWith('.js.map'));
      expect(maps.length).toBeGreaterThan(0);
      for (const map of maps) {
        const { sources, sourcesContent } = JSON.parse(fs.readFileSync(path.join(dist, map), 'utf8')) as { sources: string[]; sourcesContent?: Array<string | null> };
        expect({ map, missing: sources.filter((_, i) => typeof sourcesContent?.[i] !== 'string') }).toEqual({ map, missing: [] });
        for (const source of sources) expect(path.resolve(path.dirname(path.join(dist, map)), source)).toMatch(new RegExp(`^${ROOT}/${dir}/src/.+\\.ts$`));
      }
    }
  });
});
