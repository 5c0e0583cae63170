/**
 * The packages as a user gets them: every package is `npm pack`ed, the tarballs are checked and
 * installed into scratch projects under os.tmpdir() (outside the workspace, from the registry
 * like any project), and each documented toolchain recipe builds a toolkit and runs a tool call
 * end to end. One shared install serves every recipe; TypeScript 7 gets a project of its own.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stripVTControlCharacters } from 'util';
import { EXPECTED_RUN } from './sources';
import { lastJson, npmInstall, packAll, PACKAGES, REPO, run, runOk, unpack, writeFiles } from './scratch';
import { tarballProblems } from './tarball-checks';
import { generatedModuleProject, readmeHeadlineProject, transformerProjects } from './projects';

/** The toolchains of the recipes, at the versions the scanner's README documents. */
const TOOLCHAIN = [
  'typescript@~5.9.3', 'ts-patch@3.3.0', 'typescript6@npm:typescript@6.0.3', 'typescript50@npm:typescript@5.0.4',
  'esbuild@^0.28.0', '@swc/core@^1.16.0', '@swc/cli@^0.8.0', '@swc-node/register@^1.12.0', '@swc/jest@^0.2.39', 'tsx@^4.23.0',
  'jest@^30.2.0', 'ts-jest@^29.4.0', '@types/jest@^30.0.0', '@nestjs/cli@^12.0.0', '@nestjs/core@^11.1.0', '@nestjs/common@^11.1.0',
  'rxjs@^7.8.2', 'reflect-metadata@^0.2.2', '@types/node@^20.19.0',
];

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-consumer-'));
let tarballs = new Map<string, string>();

beforeAll(() => {
  tarballs = packAll(path.join(root, 'packs'));
}, 180_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** `node_modules/.bin/<name>` of a scratch install. */
const bin = (install: string, name: string): string => path.join(install, 'node_modules', '.bin', name);

describe('the npm tarballs', () => {
  it.each(PACKAGES)('@toolwright/%s ships what it needs and nothing dead', (name) => {
    const dir = unpack(tarballs.get(name) as string, path.join(root, 'unpacked', name));
    expect(tarballProblems(dir)).toEqual([]);
  });
});

describe('installed into scratch projects outside the workspace', () => {
  const shared = path.join(root, 'shared');

  beforeAll(() => {
    npmInstall(shared, [...PACKAGES.map((name) => tarballs.get(name) as string), ...TOOLCHAIN], 420_000);
  }, 450_000);

  it('every package loads from a CommonJS and from an ES module program', () => {
    const names = PACKAGES.map((name) => `@toolwright/${name}`);
    const cjs = `for (const name of ${JSON.stringify(names)}) if (Object.keys(require(name)).length === 0) throw new Error(name + ' exports nothing');`;
    runOk('node', ['-e', cjs], { cwd: shared });
    const esm = `for (const name of ${JSON.stringify(names)}) { const m = await import(name); if (Object.keys(m).length < 2) throw new Error(name + ' exports nothing'); }`;
    runOk('node', ['--input-type=module', '-e', esm], { cwd: shared });
  });

  describe('through the transformer (TypeScript 5.x/6.x)', () => {
    const projects = transformerProjects(shared);

    it('toolwright build: CommonJS, node16 resolution', () => {
      const dir = projects.toolwrightBuild();
      runOk(bin(shared, 'toolwright'), ['build', '-p', 'tsconfig.json'], { cwd: dir });
      expect(lastJson(runOk('node', ['dist/main.js'], { cwd: dir }))).toEqual(EXPECTED_RUN);
    }, 120_000);

    it('tsc 5.x with ts-patch (tspc): ES module, nodenext resolution; a strict-mode problem is a compiler error', () => {
      const dir = projects.tspc();
      runOk(bin(shared, 'tspc'), ['-p', 'tsconfig.json'], { cwd: dir });
      expect(lastJson(runOk('node', ['dist/main.js'], { cwd: dir }))).toEqual(EXPECTED_RUN);
      projects.addLooseTool(dir);
      const failing = run(bin(shared, 'tspc'), ['-p', 'tsconfig.json'], { cwd: dir });
      expect(failing.code).not.toBe(0);
      expect(failing.stdout).toMatch(/src\/tally\.ts\(5,9\): error TS90001: toolwright: tool tally, parameter "counts": is a map with arbitrary keys/);
      expect(failing.stderr).not.toMatch(/\n\s+at /); // a diagnostic, not a stack trace
    }, 120_000);

    it('ts-jest with astTransformers', () => {
      const dir = projects.tsJest();
      const result = run(bin(shared, 'jest'), ['--ci'], { cwd: dir });
      expect(`${result.stdout}${result.stderr}`).toMatch(/Tests:\s+1 passed, 1 total/);
      expect(result.code).toBe(0);
    }, 120_000);

    it('nest build with "plugins": ["@toolwright/scanner"]; a strict-mode problem fails the build', () => {
      const dir = projects.nest();
      runOk(bin(shared, 'nest'), ['build'], { cwd: dir });
      expect(lastJson(runOk('node', ['dist/main.js'], { cwd: dir }))).toEqual(EXPECTED_RUN);
      projects.addLooseTool(dir);
      const failing = run(bin(shared, 'nest'), ['build'], { cwd: dir });
      expect(failing.code).toBe(1);
      // Nest prints TypeScript's coloured format.
      const printed = stripVTControlCharacters(`${failing.stdout}${failing.stderr}`);
      expect(printed).toMatch(/src\/tally\.ts:5:9 - error TS90001: toolwright: tool tally, parameter "counts"/);
    }, 120_000);

    it.each(['typescript6', 'typescript50'])('the compiler API under %s (another TypeScript than the scanner analyses with)', (compiler) => {
      const dir = projects.compilerApi(compiler);
      expect(runOk('node', ['build.js', compiler], { cwd: dir })).toMatch(/^TypeScript (6\.0|5\.0)\.\d+: 0 diagnostics/m);
      expect(lastJson(runOk('node', ['dist/main.js'], { cwd: dir }))).toEqual(EXPECTED_RUN);
    }, 120_000);
  });

  describe('through the generated module (toolwright scan --emit)', () => {
    let dir = '';
    beforeAll(() => {
      dir = generatedModuleProject(shared);
      runOk(bin(shared, 'toolwright'), ['scan', '-p', 'tsconfig.json', '--emit', 'src/toolwright.schemas.ts'], { cwd: dir });
    }, 120_000);

    it('passes scan --check, and fails it once a tool changes', () => {
      expect(runOk(bin(shared, 'toolwright'), ['scan', '-p', 'tsconfig.json', '--emit', 'src/toolwright.schemas.ts', '--check'], { cwd: dir })).toContain('is up to date (1 tool)');
      const tools = path.join(dir, 'src', 'tools.ts');
      const original = fs.readFileSync(tools, 'utf8');
      try {
        fs.writeFileSync(tools, original.replace("'celsius' | 'fahrenheit'", "'celsius' | 'kelvin'"));
        const stale = run(bin(shared, 'toolwright'), ['scan', '-p', 'tsconfig.json', '--emit', 'src/toolwright.schemas.ts', '--check'], { cwd: dir });
        expect(stale.code).toBe(1);
        expect(stale.stderr).toMatch(/stale {5}WeatherTools\.getWeather/);
      } finally {
        fs.writeFileSync(tools, original);
      }
    }, 120_000);

    it('esbuild: a bundled ES module, bundler resolution', () => {
      runOk(bin(shared, 'esbuild'), ['src/main.ts', '--bundle', '--platform=node', '--format=esm', '--packages=external', '--outfile=out/esbuild/main.mjs'], { cwd: dir });
      expect(lastJson(runOk('node', ['out/esbuild/main.mjs'], { cwd: dir }))).toEqual(EXPECTED_RUN);
    }, 60_000);

    it('swc (@swc/core through @swc/cli): CommonJS', () => {
      runOk(bin(shared, 'swc'), ['src', '-d', 'out/swc', '--strip-leading-paths'], { cwd: dir });
      expect(lastJson(runOk('node', ['out/swc/main.js'], { cwd: dir }))).toEqual(EXPECTED_RUN);
    }, 60_000);

    it('@swc-node/register', () => {
      expect(lastJson(runOk('node', ['-r', '@swc-node/register', 'src/main.ts'], { cwd: dir }))).toEqual(EXPECTED_RUN);
    }, 60_000);

    it('tsx', () => {
      expect(lastJson(runOk(bin(shared, 'tsx'), ['src/main.ts'], { cwd: dir }))).toEqual(EXPECTED_RUN);
    }, 60_000);

    it('@swc/jest', () => {
      const result = run(bin(shared, 'jest'), ['--ci'], { cwd: dir });
      expect(`${result.stdout}${result.stderr}`).toMatch(/Tests:\s+1 passed, 1 total/);
      expect(result.code).toBe(0);
    }, 120_000);
  });

  describe("the root README's first example", () => {
    it.each(['commonjs', 'module'] as const)('compiles and runs as written in a %s project', (type) => {
      const dir = readmeHeadlineProject(shared, type, fs.readFileSync(path.join(REPO, 'README.md'), 'utf8'));
      runOk(bin(shared, 'toolwright'), ['build', '-p', 'tsconfig.json'], { cwd: dir });
      expect(runOk('node', ['dist/main.js'], { cwd: dir }).trim()).toBe('It is 8 °C in Oslo.\nrain');
    }, 120_000);
  });
});

describe('TypeScript 7 (tsgo): `npm i -D typescript` in a new project', () => {
  const project = path.join(root, 'typescript7');

  // @toolwright/core is a required peer of the scanner (default tool names and the class-validator
  // list come from @toolwright/core/internal): core goes in first, as the registry would have
  // added it with the scanner (the tarballs are not published).
  it('installs core, then the scanner next to it', () => {
    writeFiles(project, { 'package.json': JSON.stringify({ name: 'typescript7-app', private: true, type: 'module' }) });
    npmInstall(project, [tarballs.get('core') as string, 'reflect-metadata@^0.2.2']);
    npmInstall(project, ['-D', 'typescript@^7.0.2', '@types/node@^20.19.0', tarballs.get('scanner') as string]);
    expect(JSON.parse(fs.readFileSync(path.join(project, 'node_modules', 'typescript', 'package.json'), 'utf8')).version).toMatch(/^7\./);
  }, 300_000);

  it('compiles the generated module with tsc 7, and the program runs from dist/', () => {
    generatedModuleProject(project, { esm: true });
    runOk(bin(project, 'toolwright'), ['scan', '-p', 'tsconfig.json', '--emit', 'src/toolwright.schemas.ts'], { cwd: project });
    runOk(bin(project, 'tsc'), ['-p', 'tsconfig.json'], { cwd: project });
    expect(lastJson(runOk('node', ['dist/main.js'], { cwd: project }))).toEqual(EXPECTED_RUN);
  }, 120_000);

  it('refuses to run the transformer, naming the supported range and the generated module', () => {
    const attempt = "try { require('@toolwright/scanner/transformer').before({}, undefined); } catch (error) { console.log(error.message); }";
    const message = runOk('node', ['-e', attempt], { cwd: project });
    expect(message).toContain('runs inside TypeScript >=5.0 <7, and this build uses TypeScript 7.');
    expect(message).toContain('npx toolwright scan -p tsconfig.json --emit src/toolwright.schemas.ts');
  }, 60_000);
});
