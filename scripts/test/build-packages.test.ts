// scripts/build/build-packages.mjs: `rolldown -c` of several packages in one process (npm run
// build and npm test build the packages this way). A failure names its package and fails the
// command, without stopping the packages after it.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const REPO = path.join(__dirname, '..', '..');
const SCRIPT = path.join(REPO, 'scripts/build/build-packages.mjs');

/** A package laid out as the repository's are: its exports map, its sources, the shared rolldown config. */
function scratchPackage(root: string, name: string, source: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } }));
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', strict: true } }));
  fs.writeFileSync(path.join(dir, 'src', 'index.ts'), source);
  const config = path.join(REPO, 'scripts/build/package-config.mjs');
  fs.writeFileSync(path.join(dir, 'rolldown.config.mjs'), `import { packageConfig } from ${JSON.stringify(config)};\nexport default packageConfig(import.meta.dirname);\n`);
  return dir;
}

describe('build-packages.mjs', () => {
  let root = '';
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-build-packages-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('builds each package as `rolldown -c` would; a broken one fails the command, named, and the next is still built', () => {
    const first = scratchPackage(root, 'first', 'export const twice = (n: number): number => n * 2;\n');
    const broken = scratchPackage(root, 'broken', 'export const oops = (;\n');
    const last = scratchPackage(root, 'last', "export const greeting: string = 'hello';\n");
    const result = spawnSync(process.execPath, [SCRIPT, first, broken, last], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('> rolldown -c (broken)');
    expect(result.stderr).not.toContain('(first)');
    expect(require(path.join(first, 'dist', 'index.js')).twice(21)).toBe(42);
    expect(require(path.join(last, 'dist', 'index.js')).greeting).toBe('hello');
    expect(fs.existsSync(path.join(broken, 'dist', 'index.js'))).toBe(false);
  });

  it('exits 0 when every package builds', () => {
    const only = scratchPackage(root, 'only', 'export const one = 1;\n');
    const result = spawnSync(process.execPath, [SCRIPT, only], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.status).toBe(0);
    expect(require(path.join(only, 'dist', 'index.js')).one).toBe(1);
  });
});
