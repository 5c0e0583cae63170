/**
 * The packages as a user gets them: every package is `npm pack`ed, the tarballs are checked and
 * installed into scratch projects under os.tmpdir() (outside the workspace, from the registry
 * like any project), and each documented toolchain recipe builds a toolkit and runs a tool call
 * end to end. One install serves every recipe (made once per jest run and shared with the
 * shipped-entries test, which runs its jest); TypeScript 7 gets a project of its own,
 * installed at the same time and built as soon as it is there. The recipes are started together as soon as their install is there
 * (a few at a time, each in its own project folder) and each test collects its recipe's outcome.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stripVTControlCharacters } from 'util';
import { EXPECTED_RUN } from './sources';
import { inBackground, lastJson, limiter, npmInstallAsync, packAll, PACKAGES, REPO, runAsync as run, runOkAsync as runOk, unpack, writeFiles } from './scratch';
import { projectFolder } from '../../../../test-support/shared-install';
import { toolchainInstall } from './toolchain-install';
import { tarballProblems } from './tarball-checks';
import { generatedModuleProject, readmeHeadlineProject, transformerProjects } from './projects';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-consumer-'));
let tarballs = new Map<string, string>();
const typescript7 = path.join(root, 'typescript7');
/** The TypeScript 7 project's install, started beside the shared one. */
let typescript7Install: () => Promise<void>;
/** Its build and run, and its attempt at the transformer: started once it is installed, beside the recipes. */
let typescript7Build: () => Promise<void>;
let typescript7Refusal: () => Promise<void>;
/** What the TypeScript 7 program printed, and the transformer's refusal. */
let typescript7Output = '';
let typescript7Message = '';
/** The recipes' compiler runs, a few at a time: more would only queue for the same cores. */
const slot = limiter(Math.max(2, Math.min(4, os.availableParallelism())));

/** `node_modules/.bin/<name>` of a scratch install. */
const bin = (install: string, name: string): string => path.join(install, 'node_modules', '.bin', name);

beforeAll(() => {
  tarballs = packAll(path.join(root, 'packs'));
  // @toolwright/core is a required peer of the scanner (default tool names and the class-validator
  // list come from @toolwright/core/internal): core goes in first, as the registry would have
  // added it with the scanner (the tarballs are not published).
  // One `npm install` of the project's whole manifest: core and reflect-metadata as dependencies,
  // TypeScript 7 and the scanner as dev dependencies, the tree `npm i core` then `npm i -D
  // typescript scanner` leaves (a second install only re-reads the first one's tree).
  const installed = (async () => {
    const dependencies = { '@toolwright/core': `file:${tarballs.get('core')}`, 'reflect-metadata': '^0.2.2' };
    const devDependencies = { typescript: '^7.0.2', '@types/node': '^20.19.0', '@toolwright/scanner': `file:${tarballs.get('scanner')}` };
    writeFiles(typescript7, { 'package.json': JSON.stringify({ name: 'typescript7-app', private: true, type: 'module', dependencies, devDependencies }) });
    await npmInstallAsync(typescript7, []);
  })();
  typescript7Install = inBackground(() => installed);
  typescript7Build = inBackground(async () => {
    await installed;
    await slot(async () => {
      generatedModuleProject(typescript7, { esm: true });
      await runOk(bin(typescript7, 'toolwright'), ['scan', '-p', 'tsconfig.json', '--emit', 'src/toolwright.schemas.ts'], { cwd: typescript7 });
      await runOk(bin(typescript7, 'tsc'), ['-p', 'tsconfig.json'], { cwd: typescript7 });
      typescript7Output = await runOk('node', ['dist/main.js'], { cwd: typescript7 });
    });
  });
  typescript7Refusal = inBackground(async () => {
    await installed;
    const attempt = "try { require('@toolwright/scanner/transformer').before({}, undefined); } catch (error) { console.log(error.message); }";
    typescript7Message = await runOk('node', ['-e', attempt], { cwd: typescript7 });
  });
}, 180_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the npm tarballs', () => {
  it.each(PACKAGES)('@toolwright/%s ships what it needs and nothing dead', (name) => {
    const dir = unpack(tarballs.get(name) as string, path.join(root, 'unpacked', name));
    expect(tarballProblems(dir)).toEqual([]);
  });
});

describe('installed into scratch projects outside the workspace', () => {
  /** The shared install (every package, every toolchain), and this suite's folder of projects under it. */
  let shared = '';
  let work = '';
  /** The recipes of this block, started together (a few at a time) once the install is there. */
  const starters: Array<() => void> = [];

  /** A test whose body runs beside the others' once the shared install is done; the test awaits its outcome. */
  function recipe(title: string, body: () => Promise<void>, timeoutMs?: number): void {
    let collect: () => Promise<void> = () => Promise.reject(new Error('the shared install failed: see the hook error'));
    starters.push(() => (collect = inBackground(() => slot(body))));
    it(title, () => collect(), timeoutMs);
  }

  beforeAll(async () => {
    shared = await toolchainInstall(tarballs, path.join(root, 'toolchain'));
    work = projectFolder(shared, 'consumer-');
    for (const start of starters) start();
  }, 450_000);

  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  recipe('every package loads from a CommonJS and from an ES module program', async () => {
    const names = PACKAGES.map((name) => `@toolwright/${name}`);
    // One Node process: an ES module program imports every entry (the "import" condition), then
    // requires each through createRequire, which resolves as a CommonJS program's require does
    // (the "require" condition).
    const both = `import { createRequire } from 'node:module';
const require = createRequire(process.cwd() + '/');
for (const name of ${JSON.stringify(names)}) { const m = await import(name); if (Object.keys(m).length < 2) throw new Error(name + ' exports nothing to import'); }
for (const name of ${JSON.stringify(names)}) if (Object.keys(require(name)).length === 0) throw new Error(name + ' exports nothing to require');
console.log('loaded ' + ${names.length} + ' packages both ways');`;
    expect(await runOk('node', ['--input-type=module', '-e', both], { cwd: shared })).toContain(`loaded ${names.length} packages both ways`);
  }, 240_000);

  describe('through the transformer (TypeScript 5.x/6.x)', () => {
    /** Made on first use: the folder is known once the install is there. */
    const projects = (): ReturnType<typeof transformerProjects> => transformerProjects(work);

    recipe('toolwright build: CommonJS, node16 resolution', async () => {
      const dir = projects().toolwrightBuild();
      await runOk(bin(shared, 'toolwright'), ['build', '-p', 'tsconfig.json'], { cwd: dir });
      expect(lastJson(await runOk('node', ['dist/main.js'], { cwd: dir }))).toEqual(EXPECTED_RUN);
    }, 240_000);

    recipe('tsc 5.x with ts-patch (tspc): ES module, nodenext resolution; a strict-mode problem is a compiler error', async () => {
      const dir = projects().tspc();
      await runOk(bin(shared, 'tspc'), ['-p', 'tsconfig.json'], { cwd: dir });
      expect(lastJson(await runOk('node', ['dist/main.js'], { cwd: dir }))).toEqual(EXPECTED_RUN);
      projects().addLooseTool(dir);
      const failing = await run(bin(shared, 'tspc'), ['-p', 'tsconfig.json'], { cwd: dir });
      expect(failing.code).not.toBe(0);
      expect(failing.stdout).toMatch(/src\/tally\.ts\(5,9\): error TS90001: toolwright: tool tally, parameter "counts": is a map with arbitrary keys/);
      expect(failing.stderr).not.toMatch(/\n\s+at /); // a diagnostic, not a stack trace
    }, 240_000);

    recipe('ts-jest with astTransformers', async () => {
      const dir = projects().tsJest();
      const result = await run(bin(shared, 'jest'), ['--ci'], { cwd: dir });
      expect(`${result.stdout}${result.stderr}`).toMatch(/Tests:\s+1 passed, 1 total/);
      expect(result.code).toBe(0);
    }, 240_000);

    recipe('nest build with "plugins": ["@toolwright/scanner"]; a strict-mode problem fails the build', async () => {
      const dir = projects().nest();
      await runOk(bin(shared, 'nest'), ['build'], { cwd: dir });
      expect(lastJson(await runOk('node', ['dist/main.js'], { cwd: dir }))).toEqual(EXPECTED_RUN);
      projects().addLooseTool(dir);
      const failing = await run(bin(shared, 'nest'), ['build'], { cwd: dir });
      expect(failing.code).toBe(1);
      // Nest prints TypeScript's coloured format.
      const printed = stripVTControlCharacters(`${failing.stdout}${failing.stderr}`);
      expect(printed).toMatch(/src\/tally\.ts:5:9 - error TS90001: toolwright: tool tally, parameter "counts"/);
    }, 240_000);

    for (const compiler of ['typescript6', 'typescript50']) {
      recipe(`the compiler API under ${compiler} (another TypeScript than the scanner analyses with)`, async () => {
        const dir = projects().compilerApi(compiler);
        expect(await runOk('node', ['build.js', compiler], { cwd: dir })).toMatch(/^TypeScript (6\.0|5\.0)\.\d+: 0 diagnostics/m);
        expect(lastJson(await runOk('node', ['dist/main.js'], { cwd: dir }))).toEqual(EXPECTED_RUN);
      }, 240_000);
    }
  });

  describe('through the generated module (toolwright scan --emit)', () => {
    const scan = ['scan', '-p', 'tsconfig.json', '--emit', 'src/toolwright.schemas.ts'];
    let emitted: Promise<string> | undefined;
    /** The generated-module project, scanned once; every recipe of this block builds it. */
    const project = (): Promise<string> =>
      (emitted ??= (async () => {
        const dir = generatedModuleProject(work);
        await runOk(bin(shared, 'toolwright'), scan, { cwd: dir });
        return dir;
      })());

    recipe('passes scan --check, and fails it once a tool changes', async () => {
      // A copy of the project: the others build the original while this one edits a tool.
      const dir = `${await project()}-check`;
      fs.cpSync(await project(), dir, { recursive: true, filter: (source) => !/[\\/](out|dist)$/.test(source) });
      expect(await runOk(bin(shared, 'toolwright'), [...scan, '--check'], { cwd: dir })).toContain('is up to date (1 tool)');
      const tools = path.join(dir, 'src', 'tools.ts');
      fs.writeFileSync(tools, fs.readFileSync(tools, 'utf8').replace("'celsius' | 'fahrenheit'", "'celsius' | 'kelvin'"));
      const stale = await run(bin(shared, 'toolwright'), [...scan, '--check'], { cwd: dir });
      expect(stale.code).toBe(1);
      expect(stale.stderr).toMatch(/stale {5}WeatherTools\.getWeather/);
    }, 240_000);

    recipe('esbuild: a bundled ES module, bundler resolution', async () => {
      const dir = await project();
      await runOk(bin(shared, 'esbuild'), ['src/main.ts', '--bundle', '--platform=node', '--format=esm', '--packages=external', '--outfile=out/esbuild/main.mjs'], { cwd: dir });
      expect(lastJson(await runOk('node', ['out/esbuild/main.mjs'], { cwd: dir }))).toEqual(EXPECTED_RUN);
    }, 240_000);

    recipe('swc (@swc/core through @swc/cli): CommonJS', async () => {
      const dir = await project();
      await runOk(bin(shared, 'swc'), ['src', '-d', 'out/swc', '--strip-leading-paths'], { cwd: dir });
      expect(lastJson(await runOk('node', ['out/swc/main.js'], { cwd: dir }))).toEqual(EXPECTED_RUN);
    }, 240_000);

    recipe('@swc-node/register', async () => {
      const dir = await project();
      expect(lastJson(await runOk('node', ['-r', '@swc-node/register', 'src/main.ts'], { cwd: dir }))).toEqual(EXPECTED_RUN);
    }, 240_000);

    recipe('tsx', async () => {
      const dir = await project();
      expect(lastJson(await runOk(bin(shared, 'tsx'), ['src/main.ts'], { cwd: dir }))).toEqual(EXPECTED_RUN);
    }, 240_000);

    recipe('@swc/jest', async () => {
      const dir = await project();
      const result = await run(bin(shared, 'jest'), ['--ci'], { cwd: dir });
      expect(`${result.stdout}${result.stderr}`).toMatch(/Tests:\s+1 passed, 1 total/);
      expect(result.code).toBe(0);
    }, 240_000);
  });

  describe("the root README's first example", () => {
    for (const type of ['commonjs', 'module'] as const) {
      recipe(`compiles and runs as written in a ${type} project`, async () => {
        const dir = readmeHeadlineProject(work, type, fs.readFileSync(path.join(REPO, 'README.md'), 'utf8'));
        await runOk(bin(shared, 'toolwright'), ['build', '-p', 'tsconfig.json'], { cwd: dir });
        expect((await runOk('node', ['dist/main.js'], { cwd: dir })).trim()).toBe('It is 8 °C in Oslo.\nrain');
      }, 240_000);
    }
  });
});

describe('TypeScript 7 (tsgo): `npm i -D typescript` in a new project', () => {
  const project = typescript7;

  it('installs core, and the scanner as a dev dependency next to it', async () => {
    await typescript7Install();
    expect(JSON.parse(fs.readFileSync(path.join(project, 'node_modules', 'typescript', 'package.json'), 'utf8')).version).toMatch(/^7\./);
    for (const name of ['core', 'scanner']) expect(fs.existsSync(path.join(project, 'node_modules', '@toolwright', name, 'package.json'))).toBe(true);
  }, 450_000);

  it('compiles the generated module with tsc 7, and the program runs from dist/', async () => {
    await typescript7Build();
    expect(lastJson(typescript7Output)).toEqual(EXPECTED_RUN);
  }, 120_000);

  it('refuses to run the transformer, naming the supported range and the generated module', async () => {
    await typescript7Refusal();
    expect(typescript7Message).toContain('runs inside TypeScript >=5.0 <7, and this build uses TypeScript 7.');
    expect(typescript7Message).toContain('npx toolwright scan -p tsconfig.json --emit src/toolwright.schemas.ts');
  }, 60_000);
});
