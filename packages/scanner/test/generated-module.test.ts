import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import { getMetadataStorage } from '@toolwright/core/internal';
import { flavorOf, generatedModuleText, manifestOfGeneratedModule, runCli, type CliIo, type ToolManifest } from '@toolwright/scanner';

const fixture = path.join(__dirname, 'fixtures', 'cli');

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), cwd: fixture };
  return { code: runCli(argv, io), stdout, stderr };
}

/** Runs a generated module's JavaScript with a stand-in core; returns what it registered and exported. */
function evaluate(js: string): { registered: unknown[]; exports: Record<string, unknown> } {
  const registered: unknown[] = [];
  const core = { loadSchemaManifest: (manifest: unknown) => (registered.push(manifest), 1) };
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'exports', 'module', js)(() => core, module.exports, module);
  return { registered, exports: module.exports };
}

const awkward: ToolManifest = {
  version: 1,
  tools: {
    'Shell.run': {
      description: 'Runs `cmd` with ${HOME} set, then prints \\n and a backslash \\ (and a quote ").',
      parameters: { type: 'object', properties: { cmd: { type: 'string', pattern: '^\\\\w+`$' } }, required: ['cmd'] },
    },
  },
};

describe('the generated module', () => {
  it('round-trips every character of the manifest through its JSON text (backquotes, ${, backslashes)', () => {
    for (const flavor of ['ts', 'esm', 'cjs'] as const) {
      const text = generatedModuleText(awkward, { flavor, command: 'npx toolwright scan -p tsconfig.json --emit x' });
      expect(manifestOfGeneratedModule(text)).toEqual(awkward);
    }
  });

  it('registers its manifest when imported and exports it with register() (TypeScript flavor)', () => {
    const text = generatedModuleText(awkward, { flavor: 'ts', command: 'c' });
    expect(text).toContain("import { loadSchemaManifest, type SchemaManifest } from '@toolwright/core';");
    const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
    const { registered, exports } = evaluate(js);
    expect(registered).toEqual([awkward]);
    expect(exports.manifest).toEqual(awkward);
    expect((exports.register as () => number)()).toBe(1);
    expect(registered).toHaveLength(2);
  });

  it('is plain CommonJS for .cjs and an ES module for .mjs', () => {
    const cjs = generatedModuleText(awkward, { flavor: 'cjs', command: 'c' });
    expect(cjs).toContain("const { loadSchemaManifest } = require('@toolwright/core');");
    expect(evaluate(cjs).registered).toEqual([awkward]);
    const esm = generatedModuleText(awkward, { flavor: 'esm', command: 'c' });
    expect(esm).toContain("import { loadSchemaManifest } from '@toolwright/core';");
    expect(esm).not.toMatch(/type SchemaManifest|: SchemaManifest/);
  });

  it('takes its flavor from the extension, and for .js from the nearest package.json', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-flavor-'));
    try {
      expect([flavorOf('a.ts'), flavorOf('a.mts'), flavorOf('a.cts'), flavorOf('a.mjs'), flavorOf('a.cjs')]).toEqual(['ts', 'ts', 'ts', 'esm', 'cjs']);
      fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }');
      expect(flavorOf(path.join(dir, 'src', 'schemas.js'))).toBe('esm');
      fs.writeFileSync(path.join(dir, 'package.json'), '{}');
      expect(flavorOf(path.join(dir, 'src', 'schemas.js'))).toBe('cjs');
      expect(() => flavorOf('schemas.json')).toThrow(/must be a \.ts, \.mts, \.cts, \.js, \.mjs or \.cjs file/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('toolwright scan --emit', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-emit-'))));
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    getMetadataStorage().clear();
  });

  it('writes a module that registers every tool with core when it is required', () => {
    const file = path.join(dir, 'toolwright.schemas.cjs');
    const result = run('scan', '-p', 'tsconfig.json', '--emit', file);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('wrote 2 tool schemas');
    expect(fs.existsSync(path.join(fixture, 'toolwright.schemas.json'))).toBe(false);
    require(file);
    expect(getMetadataStorage().manifestSchemaOf('ClockTools.now')).toEqual({
      description: 'The time in a zone.',
      parameters: { properties: { zone: { type: 'string' } }, required: ['zone'], type: 'object' },
    });
  });

  it('names, in the header, the command that regenerates it (paths from the tsconfig directory)', () => {
    const file = path.join(fixture, 'dist', 'emit-test', 'schemas.ts');
    try {
      run('scan', '-p', 'tsconfig.json', '--emit', path.relative(fixture, file));
      expect(fs.readFileSync(file, 'utf8')).toContain('`npx toolwright scan -p tsconfig.json --emit dist/emit-test/schemas.ts`');
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('leaves an up-to-date module untouched, and --check passes', () => {
    const file = path.join(dir, 'schemas.ts');
    run('scan', '-p', 'tsconfig.json', '--emit', file);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(file, old, old);
    const before = fs.statSync(file).mtimeMs;
    expect(run('scan', '-p', 'tsconfig.json', '--emit', file).stdout).toContain('unchanged 2 tool schemas in');
    expect(fs.statSync(file).mtimeMs).toBe(before);
    const check = run('scan', '-p', 'tsconfig.json', '--emit', file, '--check');
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('is up to date (2 tools)');
  });

  it('fails --check naming what changed, and what to run', () => {
    const file = path.join(dir, 'schemas.ts');
    run('scan', '-p', 'tsconfig.json', '--emit', file);
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('The time in a zone.', 'An old description.'));
    const stale = run('scan', '-p', 'tsconfig.json', '--emit', file, '--check');
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/stale {5}ClockTools\.now/);
    expect(stale.stderr).toContain(`Fix: run npx toolwright scan -p tsconfig.json --emit ${file}`);
    fs.writeFileSync(file, 'export {};\n');
    expect(run('scan', '-p', 'tsconfig.json', '--emit', file, '--check').stderr).toContain('not a module `toolwright scan --emit` wrote');
    fs.rmSync(file);
    expect(run('scan', '-p', 'tsconfig.json', '--emit', file, '--check').stderr).toMatch(/missing {3}ClockTools\.addMinutes/);
  });

  it('writes the JSON manifest and the module together when both are asked for', () => {
    const json = path.join(dir, 'm.json');
    const module = path.join(dir, 'm.mjs');
    expect(run('scan', '-p', 'tsconfig.json', '--out', json, '--emit', module).code).toBe(0);
    expect(manifestOfGeneratedModule(fs.readFileSync(module, 'utf8'))).toEqual(JSON.parse(fs.readFileSync(json, 'utf8')));
  });

  it('refuses an unsupported extension before scanning, and --watch on scan', () => {
    expect(run('scan', '-p', 'tsconfig.json', '--emit', path.join(dir, 'x.json'))).toMatchObject({ code: 2, stderr: expect.stringContaining('must be a .ts') });
    expect(run('scan', '-p', 'tsconfig.json', '--watch')).toMatchObject({ code: 2, stderr: expect.stringContaining('toolwright build --watch') });
  });
});
