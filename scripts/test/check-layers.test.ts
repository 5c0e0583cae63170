import { spawnSync } from 'child_process';
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

function check(root: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

function run(files: Record<string, string>): { status: number | null; output: string } {
  const root = fixture(files);
  roots.push(root);
  return check(root);
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
    it('passes and exits 0', () => {
      const { status, output } = run(clean);
      expect(output).toContain('ok    packages/demo');
      expect(status).toBe(0);
    });
  });

  describe('when two folders import each other through a type-only import', () => {
    it('fails naming the cycle and both imports', () => {
      const { status, output } = run({
        ...clean,
        'packages/demo/src/model/model.ts': "import type { DemoError } from '../errors/demo.error';\nexport interface Model { name: string; error?: DemoError }\n",
        'packages/demo/src/errors/demo.error.ts': "import type { Model } from '../model/model';\nexport class DemoError extends Error { model?: Model }\n",
      });
      expect(status).toBe(1);
      expect(output).toContain('[no-folder-cycle] errors/ → model/ → errors/');
      expect(output).toContain('errors/demo.error.ts → model/model.ts (import type)');
      expect(output).toContain('model/model.ts → errors/demo.error.ts (import type)');
    });
  });

  describe('when a lower layer imports a higher one', () => {
    it('fails naming the import and the rule', () => {
      const { status, output } = run({
        ...clean,
        'packages/demo/src/schema/schema.ts': "import { DemoError } from '../errors/demo.error';\nimport { run } from '../runner/runner';\nexport const fail = () => new DemoError(String(run));\n",
      });
      expect(status).toBe(1);
      expect(output).toContain('[no-upward-import] schema/schema.ts → runner/runner.ts: schema/ (layer 1) imports runner/ (layer 2)');
    });

    it('counts a folder importing the files directly in src/ as upward', () => {
      const { status, output } = run({
        ...clean,
        'packages/demo/src/model/model.ts': "import type { run } from '../index';\nexport interface Model { name: string; run?: typeof run }\n",
      });
      expect(status).toBe(1);
      expect(output).toContain('[no-upward-import] model/model.ts → index.ts (import type)');
    });
  });

  describe('when a src folder is missing from layers.json', () => {
    it('fails naming the folder', () => {
      const { status, output } = run({ ...clean, 'packages/demo/src/extra/extra.ts': 'export const extra = 1;\n' });
      expect(status).toBe(1);
      expect(output).toContain('[folder-not-in-layers] src/extra/ is not listed in layers.json');
    });
  });

  describe('when a package has no layers.json', () => {
    it('fails saying what to write', () => {
      const { ['packages/demo/layers.json']: _omitted, ...rest } = clean;
      const { status, output } = run(rest);
      expect(status).toBe(1);
      expect(output).toContain('[layers-json] layers.json is missing');
    });

    it('skips a workspace outside packages/ (examples, bench) that has none', () => {
      const { status, output } = run({ ...clean, 'examples/app/package.json': '{"name":"app"}', 'examples/app/src/main.ts': 'export {};\n' });
      expect(output).not.toContain('examples/app');
      expect(status).toBe(0);
    });
  });

  describe('when two files of one folder import each other', () => {
    it('fails naming the files and the imports that close the cycle, type imports included', () => {
      const { status, output } = run({
        ...clean,
        'packages/demo/src/runner/runner.ts': "import type { Step } from './step';\nexport interface Run { steps: Step[] }\nexport const run = () => 1;\n",
        'packages/demo/src/runner/step.ts': "import type { Run } from './runner';\nexport interface Step { run?: Run }\n",
      });
      expect(status).toBe(1);
      expect(output).toContain('[no-file-cycle] import cycle between 2 files: runner/runner.ts -> runner/step.ts (type), runner/step.ts -> runner/runner.ts (type)');
    });

    it('passes once the shared types move into a file both import', () => {
      const { status } = run({
        ...clean,
        'packages/demo/src/runner/shapes.ts': 'export interface Step { name: string }\nexport interface Run { steps: Step[] }\n',
        'packages/demo/src/runner/runner.ts': "import type { Run } from './shapes';\nexport const run = (r: Run) => r.steps.length;\n",
        'packages/demo/src/runner/step.ts': "import type { Step } from './shapes';\nexport const stepName = (s: Step) => s.name;\n",
      });
      expect(status).toBe(0);
    });
  });
});
