import { type ChildProcess, spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const SCRIPT = path.join(__dirname, '..', 'check-layers.js');

/** Writes a throwaway monorepo with one package `packages/demo` made of these files. */
function fixture(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-layers-'));
  const all: Record<string, string> = {
    'package.json': JSON.stringify({ private: true, workspaces: ['packages/*', 'examples/*'] }),
    'packages/demo/package.json': JSON.stringify({ name: 'demo' }),
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** What a check printed and its exit code. */
interface Outcome {
  status: number | null;
  output: string;
}

/** Runs the program on a fixture, as `npm run lint` does. */
function check(root: string): Outcome {
  const result = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

// Loading dependency-cruiser costs a Node process about two seconds of CPU: the fixtures that do
// not test the program's exit code go to one process that has loaded the check once, and gets
// from it the code the program would exit with and what it would print.
const CHECKER = `const { checkLayers } = require(${JSON.stringify(SCRIPT)});
process.on('message', async ({ root }) => {
  const lines = [];
  try {
    const status = await checkLayers({ root, packages: [] }, (line) => lines.push(line));
    process.send({ status, output: lines.join('\\n') + '\\n' });
  } catch (error) {
    process.send({ status: 2, output: lines.join('\\n') + '\\ncheck-layers: ' + (error instanceof Error ? error.message : String(error)) + '\\n' });
  }
});`;
let checker: ChildProcess | undefined;

/** {@link check} in the shared checker process (started on first use); one fixture at a time. */
function checkInProcess(root: string): Promise<Outcome> {
  checker ??= spawn(process.execPath, ['-e', CHECKER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const child = checker;
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the checker process exited (${code})`));
    child.once('exit', exited);
    child.once('message', (outcome) => {
      child.off('exit', exited);
      resolve(outcome as Outcome);
    });
    child.send({ root });
  });
}

const roots: string[] = [];
afterAll(() => {
  checker?.kill();
  roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true }));
});

/** Checks a fixture made of these files: through the program itself with `program`, else in the shared checker. */
async function run(files: Record<string, string>, options: { program?: boolean } = {}): Promise<Outcome> {
  const root = fixture(files);
  roots.push(root);
  return options.program ? check(root) : checkInProcess(root);
}

describe('check-layers', () => {
  const clean = {
    'packages/demo/layers.json': '[["errors"], ["schema", "model"], ["runner"]]',
    'packages/demo/src/errors/demo.error.ts': 'export class DemoError extends Error {}\n',
    'packages/demo/src/schema/schema.ts': "import { DemoError } from '../errors/demo.error';\nexport const fail = () => new DemoError();\n",
    'packages/demo/src/model/model.ts': 'export interface Model { name: string }\n',
    'packages/demo/src/runner/runner.ts': "import type { Model } from '../model/model';\nimport { fail } from '../schema/schema';\nexport const run = (m: Model) => (m.name ? m.name : fail());\n",
    'packages/demo/src/index.ts': "export { run } from './runner/runner';\n",
  };

  describe('when every import points down the layers', () => {
    it('passes and exits 0', async () => {
      const { status, output } = await run(clean, { program: true });
      expect(output).toContain('ok    packages/demo');
      expect(status).toBe(0);
    });
  });

  describe('when two folders import each other through a type-only import', () => {
    it('fails naming the cycle and both imports', async () => {
      const { status, output } = await run({
        ...clean,
        'packages/demo/src/model/model.ts': "import type { DemoError } from '../errors/demo.error';\nexport interface Model { name: string; error?: DemoError }\n",
        'packages/demo/src/errors/demo.error.ts': "import type { Model } from '../model/model';\nexport class DemoError extends Error { model?: Model }\n",
      }, { program: true });
      expect(status).toBe(1);
      expect(output).toContain('[no-folder-cycle] errors/ → model/ → errors/');
      expect(output).toContain('errors/demo.error.ts → model/model.ts (import type)');
      expect(output).toContain('model/model.ts → errors/demo.error.ts (import type)');
    });
  });

  describe('when a lower layer imports a higher one', () => {
    it('fails naming the import and the rule', async () => {
      const { status, output } = await run({
        ...clean,
        'packages/demo/src/schema/schema.ts': "import { DemoError } from '../errors/demo.error';\nimport { run } from '../runner/runner';\nexport const fail = () => new DemoError(String(run));\n",
      });
      expect(status).toBe(1);
      expect(output).toContain('[no-upward-import] schema/schema.ts → runner/runner.ts: schema/ (layer 1) imports runner/ (layer 2)');
    });

    it('counts a folder importing the files directly in src/ as upward', async () => {
      const { status, output } = await run({
        ...clean,
        'packages/demo/src/model/model.ts': "import type { run } from '../index';\nexport interface Model { name: string; run?: typeof run }\n",
      });
      expect(status).toBe(1);
      expect(output).toContain('[no-upward-import] model/model.ts → index.ts (import type)');
    });
  });

  describe('when a src folder is missing from layers.json', () => {
    it('fails naming the folder', async () => {
      const { status, output } = await run({ ...clean, 'packages/demo/src/extra/extra.ts': 'export const extra = 1;\n' });
      expect(status).toBe(1);
      expect(output).toContain('[folder-not-in-layers] src/extra/ is not listed in layers.json');
    });
  });

  describe('when a package has no layers.json', () => {
    it('fails saying what to write', async () => {
      const { ['packages/demo/layers.json']: _omitted, ...rest } = clean;
      const { status, output } = await run(rest);
      expect(status).toBe(1);
      expect(output).toContain('[layers-json] layers.json is missing');
    });

    it('skips a workspace outside packages/ (examples, bench) that has none', async () => {
      const { status, output } = await run({ ...clean, 'examples/app/package.json': '{"name":"app"}', 'examples/app/src/main.ts': 'export {};\n' });
      expect(output).not.toContain('examples/app');
      expect(status).toBe(0);
    });
  });

  describe('when two files of one folder import each other', () => {
    it('fails naming the files and the imports that close the cycle, type imports included', async () => {
      const { status, output } = await run({
        ...clean,
        'packages/demo/src/runner/runner.ts': "import type { Step } from './step';\nexport interface Run { steps: Step[] }\nexport const run = () => 1;\n",
        'packages/demo/src/runner/step.ts': "import type { Run } from './runner';\nexport interface Step { run?: Run }\n",
      });
      expect(status).toBe(1);
      expect(output).toContain('[no-file-cycle] import cycle between 2 files: runner/runner.ts -> runner/step.ts (type), runner/step.ts -> runner/runner.ts (type)');
    });

    it('passes once the shared types move into a file both import', async () => {
      const { status } = await run({
        ...clean,
        'packages/demo/src/runner/shapes.ts': 'export interface Step { name: string }\nexport interface Run { steps: Step[] }\n',
        'packages/demo/src/runner/runner.ts': "import type { Run } from './shapes';\nexport const run = (r: Run) => r.steps.length;\n",
        'packages/demo/src/runner/step.ts': "import type { Step } from './shapes';\nexport const stepName = (s: Step) => s.name;\n",
      });
      expect(status).toBe(0);
    });
  });
});
