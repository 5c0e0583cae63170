import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

// The shipped bundles (`npm run build` → scripts/bundle), loaded the way users load them: by
// package name, in a child Node process, through `require` (dist/*.cjs) and `import()`
// (dist/*.mjs). Jest itself maps @toolwright/* to src/, so only a child process sees the bundles.

const ROOT = path.join(__dirname, '..', '..');
const PACKAGES: string[] = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] })
  .workspaces.filter((dir) => dir.startsWith('packages/'));

interface Manifest { name: string; exports: Record<string, unknown> }
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
    ? "const load = async (s) => require(s); const resolve = (s) => require.resolve(s); const nodeRequire = require;"
    : "import { createRequire } from 'node:module'; const load = (s) => import(s); const resolve = (s) => import.meta.resolve(s); const nodeRequire = createRequire(import.meta.url);";
  const script = `${prelude}\nconst out = (v) => process.stdout.write(JSON.stringify(v));\n(async () => {\n${body}\n})().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });`;
  const args = format === 'esm' ? ['--input-type=module', '-e', script] : ['-e', script];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${format} probe failed (${result.status}):\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

beforeAll(() => {
  const missing = PACKAGES.filter((dir) => !fs.existsSync(path.join(ROOT, dir, 'dist', '.bundle.json')));
  if (missing.length > 0) throw new Error(`no bundles in ${missing.join(', ')}: run \`npm run build\` (or \`node scripts/bundle\`) first`);
});

describe('the package bundles', () => {
  describe.each(['cjs', 'esm'] as const)('loaded through %s', (format) => {
    it('resolve every export to the bundle of that format, with the same names', () => {
      const extension = format === 'cjs' ? '.cjs' : '.mjs';
      const loaded = probe(format, `
        const result = {};
        for (const s of ${JSON.stringify(SPECIFIERS)}) {
          const m = await load(s);
          result[s] = { file: String(resolve(s)), names: Object.keys(m).filter((k) => k !== 'default' && k !== 'module.exports').sort() };
        }
        out(result);`) as Record<string, { file: string; names: string[] }>;
      for (const specifier of SPECIFIERS) {
        expect(loaded[specifier].file.endsWith(extension)).toBe(true);
        expect(loaded[specifier].names.length).toBeGreaterThan(0);
      }
      if (format === 'esm') {
        const cjs = probe('cjs', `const r = {}; for (const s of ${JSON.stringify(SPECIFIERS)}) r[s] = Object.keys(await load(s)).filter((k) => k !== 'default').sort(); out(r);`) as Record<string, string[]>;
        for (const specifier of SPECIFIERS) expect(loaded[specifier].names).toEqual(cjs[specifier]);
      }
    });

    it('define and run a tool; ajv (its one-file copy in dist/vendor) loads on its first call, not at import', () => {
      const result = probe(format, `
        await load('reflect-metadata');
        const { defineTool, Agent, Runner, ScriptedModel } = await load('@toolwright/core');
        const ajvLoaded = () => Object.keys(nodeRequire.cache).some((file) => file.endsWith('/packages/core/dist/vendor/ajv.cjs'));
        const installedAjvLoaded = () => Object.keys(nodeRequire.cache).some((file) => file.includes('/node_modules/ajv/'));
        const atImport = ajvLoaded();
        const echo = defineTool({
          name: 'echo', description: 'Echo the text.',
          parameters: { type: 'object', properties: { text: { type: 'string', maxLength: 5 } }, required: ['text'], additionalProperties: false },
          invoke: (_ctx, args) => 'echo:' + args.text,
        });
        const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }, { name: 'echo', arguments: { text: 'far too long' } }] }, { text: 'done' }]);
        const run = await new Runner({ model }).run(new Agent({ name: 'a', instructions: 'Echo.', tools: [echo] }), 'go');
        out({ atImport, afterCall: ajvLoaded(), installed: installedAjvLoaded(), final: run.finalOutput, outputs: run.history.filter((i) => i.type === 'function_call_output').map((i) => i.output) });`) as {
        atImport: boolean; afterCall: boolean; installed: boolean; final: string; outputs: string[];
      };
      expect(result.atImport).toBe(false);
      expect(result.afterCall).toBe(true);
      expect(result.installed).toBe(false);
      expect(result.final).toBe('done');
      expect(result.outputs[0]).toBe('echo:hi');
      expect(result.outputs[1]).toMatch(/text/);
      expect(result.outputs[1]).not.toMatch(/^echo:/);
    });

    it('search a catalogue (minisearch, loaded on first search)', () => {
      const result = probe(format, `
        const { defineTool, ToolSearchToolset } = await load('@toolwright/core');
        const tool = (name, description) => defineTool({ name, description, parameters: { type: 'object', properties: {}, required: [], additionalProperties: false }, invoke: () => name });
        const catalogue = new ToolSearchToolset({ tools: [tool('get_weather', 'Current weather for a city'), tool('send_email', 'Send an email message')] });
        out(catalogue.search('weather').map((hit) => hit.name));`);
      expect(result).toEqual(['get_weather']);
    });

    it('build decorated toolkits with the schemas the scanner embedded', () => {
      // Registration refuses to guess a @Param schema from reflection: these tools build only
      // because the bundles carry the schemas the transformer embedded.
      const result = probe(format, `
        await load('reflect-metadata');
        const { toolsOf } = await load('@toolwright/core');
        const brave = await load('@toolwright/brave-search');
        const sandbox = await load('@toolwright/sandbox');
        const tools = [
          ...toolsOf(new brave.BraveSearchToolkit({ apiKey: 'unused' })),
          ...toolsOf(new sandbox.FileToolkit(new sandbox.LocalSandbox({ workDir: process.cwd() }))),
        ];
        out(Object.fromEntries(tools.map((t) => [t.name, t.parameters])));`) as Record<string, { properties: Record<string, { type?: unknown; anyOf?: unknown }>; required: string[] }>;
      expect(result.brave_search.properties.query).toMatchObject({ type: 'string' });
      expect(result.read_file.required).toEqual(['path', 'offset', 'limit']);
      expect(result.read_file.properties.offset).toMatchObject({ type: ['integer', 'null'] });
      expect(result.write_file.required).toEqual(['path', 'content']);
    });
  });

  it('load core\'s lazily required modules (CommonJS: dist/lazy/) on first use, sharing the classes of the entry', () => {
    const result = probe('cjs', `
      const lazyLoaded = () => Object.keys(nodeRequire.cache).filter((file) => file.includes('/packages/core/dist/lazy/')).map((file) => file.replace(/.*\\/dist\\/lazy\\//, '')).sort();
      await load('reflect-metadata');
      const core = await load('@toolwright/core');
      const atImport = lazyLoaded();
      const union = core.toStrictSchema({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'number' }] } } });
      let refusal;
      try { core.toStrictSchema({ type: 'object', properties: { m: { type: 'object', additionalProperties: { type: 'string' } } } }, { toolName: 't' }); } catch (error) { refusal = error; }
      const afterRewrite = lazyLoaded();
      const echo = core.defineTool({ name: 'echo', description: 'Echo.', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, invoke: (_ctx, args) => args.text });
      const agent = new core.Agent({ name: 'a', tools: [echo], model: new core.ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] }, { text: 'done' }]) });
      const run = await new core.Runner().run(agent, 'go');
      const afterRun = lazyLoaded();
      const resumed = core.RunState.fromString(agent, run.state.toString({ secret: 's' }), { secret: 's' });
      out({ atImport, union: union.properties.a, refusal: refusal instanceof core.ToolDefinitionError && refusal instanceof core.ToolwrightError, afterRewrite, final: run.finalOutput, afterRun, resumed: resumed instanceof core.RunState, afterResume: lazyLoaded() });`) as Record<string, unknown>;
    expect(result.atImport).toEqual([]);
    expect(result.union).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] });
    expect(result.refusal).toBe(true);
    expect(result.afterRewrite).toEqual(['schema/strict-rewriter.cjs']);
    expect(result.final).toBe('done');
    expect(result.afterRun).toEqual(expect.arrayContaining(['runner/run-loop.cjs', 'schema/strict-rewriter.cjs']));
    expect(result.afterRun).not.toContain('state/run-state-parse.cjs');
    expect(result.resumed).toBe(true);
    expect(result.afterResume).toEqual(expect.arrayContaining(['state/run-state-parse.cjs', 'state/state-signing.cjs']));
  });

  it('load the modules core\'s CommonJS entry only re-exports (lazy-exports.json) when one of their exports is first read', () => {
    const result = probe('cjs', `
      const lazyLoaded = () => Object.keys(nodeRequire.cache).filter((file) => file.includes('/packages/core/dist/lazy/')).map((file) => file.replace(/.*\\/dist\\/lazy\\//, '')).filter((file) => !file.startsWith('chunks/')).sort();
      const core = await load('@toolwright/core');
      const names = Object.keys(core);
      const atImport = lazyLoaded();
      const Store = core.MemoryRunStore;
      const afterStore = lazyLoaded();
      const tool = core.defineTool({ name: 'ask', description: 'Ask.', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }, needsApproval: true, invoke: () => 'ok' });
      const agent = new core.Agent({ name: 'a', tools: [tool], model: new core.ScriptedModel([{ toolCalls: [{ name: 'ask', arguments: { q: 'hi' } }] }, { text: 'done' }]) });
      const run = await new core.Runner().run(agent, 'go');
      out({ listed: ['Runner', 'RunState', 'MemoryRunStore', 'parseToolArguments'].every((name) => names.includes(name)), atImport, afterStore, store: typeof new Store().save, paused: run.state instanceof core.RunState, same: core.Runner === core.Runner, args: core.parseToolArguments(tool, '{"q":"x"}') });`) as Record<string, unknown>;
    expect(result.listed).toBe(true);
    expect(result.atImport).toEqual([]);
    expect(result.afterStore).toEqual(['stores/memory-run-store.cjs']);
    expect(result.store).toBe('function');
    expect(result.paused).toBe(true);
    expect(result.same).toBe(true);
    expect(result.args).toEqual({ q: 'x' });
  });

  it('settle CommonJS exports into values (no getter per read), keeping the lazy ones getters', () => {
    const result = probe('cjs', `
      const kinds = {};
      for (const specifier of ${JSON.stringify(SPECIFIERS)}) {
        const api = await load(specifier);
        for (const name of Object.keys(api)) {
          const d = Object.getOwnPropertyDescriptor(api, name);
          const kind = d.get ? 'getter' : 'value';
          kinds[kind] = (kinds[kind] || []).concat(specifier + ' ' + name);
        }
      }
      const core = await load('@toolwright/core');
      const chunk = Object.keys(nodeRequire.cache).find((file) => file.includes('/packages/core/dist/chunks/chunk-') && file.endsWith('.cjs'));
      const chunkGetters = Object.entries(Object.getOwnPropertyDescriptors(nodeRequire(chunk))).filter(([, d]) => d.get).map(([name]) => name);
      out({ getters: (kinds.getter || []).sort(), values: (kinds.value || []).length, esModule: core.__esModule, enumerated: Object.keys(core).includes('__esModule'), chunkGetters });`) as Record<string, unknown>;
    // Only core's lazy exports (lazy-exports.json) stay getters, in its main and extend entries: reading one loads its module.
    expect(result.getters).toEqual(expect.arrayContaining(['@toolwright/core Runner', '@toolwright/core MemoryRunStore', '@toolwright/core parseToolArguments', '@toolwright/core/extend runStoreKit']));
    expect((result.getters as string[]).filter((entry) => !/^@toolwright\/core(\/extend)? /.test(entry))).toEqual([]);
    expect(result.values).toBeGreaterThan(150);
    expect(result.esModule).toBe(true);
    expect(result.enumerated).toBe(false);
    expect(result.chunkGetters).toEqual([]);
  });

  it('give `import` and `require` one instance of core: the ES module entry re-exports the CommonJS build', () => {
    const result = probe('cjs', `
      require('reflect-metadata');
      const cjs = require('@toolwright/core');
      const esm = await import('@toolwright/core');
      const cjsInternal = require('@toolwright/core/internal');
      const esmInternal = await import('@toolwright/core/internal');
      class Clock { now() { return 'tick'; } }
      Reflect.defineMetadata('design:type', Function, Clock.prototype, 'now');
      Reflect.defineMetadata('design:paramtypes', [], Clock.prototype, 'now');
      Reflect.defineMetadata('design:returntype', String, Clock.prototype, 'now');
      esm.Tool({ description: 'The time.' })(Clock.prototype, 'now', Object.getOwnPropertyDescriptor(Clock.prototype, 'now'));
      const [tool] = cjs.toolsOf(new Clock());
      out({
        sameInstance: cjs.toolsOf === esm.toolsOf && cjs.ToolResult === esm.ToolResult && cjs.Agent === esm.Agent,
        sameStorage: cjsInternal.getMetadataStorage() === esmInternal.getMetadataStorage(),
        tool: tool && tool.name,
        result: tool && String(await tool.invoke({}, {})),
      });`);
    expect(result).toEqual({ sameInstance: true, sameStorage: true, tool: 'now', result: expect.stringContaining('tick') });
  });

  it('keep the scanner bin and its per-file transformer where jest and ts-patch find them', () => {
    const bin = spawnSync(process.execPath, [path.join(ROOT, 'packages/scanner/bin/toolwright.js'), '--version'], { encoding: 'utf8' });
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'packages/scanner/package.json'), 'utf8')) as { version: string };
    expect(bin.stdout.trim()).toBe(version);
    const perFile = path.join(ROOT, 'packages/scanner/dist/transformer.js');
    expect(probe('cjs', `out([typeof require(${JSON.stringify(perFile)}).default, typeof require('@toolwright/scanner/transformer').factory]);`)).toEqual(['function', 'function']);
    expect(probe('esm', `const t = await load('@toolwright/scanner/plugin'); out([typeof t.default, typeof t.factory]);`)).toEqual(['function', 'function']);
  });

  it('ship source maps whose sources are files under the package src/', () => {
    for (const dir of PACKAGES) {
      const dist = path.join(ROOT, dir, 'dist');
      const record = JSON.parse(fs.readFileSync(path.join(dist, '.bundle.json'), 'utf8')) as { outputs: string[] };
      const maps = record.outputs.filter((file) => file.endsWith('.map'));
      expect(maps.length).toBeGreaterThan(0);
      for (const map of maps) {
        const { sources } = JSON.parse(fs.readFileSync(path.join(dist, map), 'utf8')) as { sources: string[] };
        for (const source of sources) {
          // A CommonJS entry that only re-exports has no lines of its own: its map points at
          // the ES module twin, itself shipped.
          const file = path.resolve(path.dirname(path.join(dist, map)), source);
          const underSrc = !path.relative(path.join(ROOT, dir, 'src'), file).startsWith('..');
          expect({ map, source, shipped: underSrc || (map.endsWith('.cjs.map') && record.outputs.includes(path.relative(dist, file))) }).toEqual({ map, source, shipped: true });
          expect(fs.existsSync(file)).toBe(true);
        }
      }
    }
  });

  it('refuse a class esbuild had to rename (its name would change), not one declared with a digit', () => {
    const { renamedClasses } = jest.requireActual<{ renamedClasses(outputs: string[], srcDir: string): string[] }>(path.join(ROOT, 'scripts', 'bundle', 'formats.js'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-bundle-'));
    try {
      fs.mkdirSync(path.join(dir, 'src'));
      fs.writeFileSync(path.join(dir, 'src', 'a.ts'), 'export class Sha256 {}\nexport class Clash extends Error {}\n');
      fs.writeFileSync(path.join(dir, 'out.mjs'), 'var Sha256 = class {\n};\nvar Clash = class extends Error {\n};\nvar Clash2 = class extends Error {\n};\n');
      expect(renamedClasses([path.join(dir, 'out.mjs')], path.join(dir, 'src'))).toEqual(['Clash2 (out.mjs)']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
