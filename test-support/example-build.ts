import { execFileSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { dirname, join } from 'path';

const root = join(__dirname, '..');

/** An embedded schema in built code: the JSON text the transformer adds, in whatever quotes the bundler printed. */
const EMBEDDED_SCHEMA = /[`'"]\{"parameters":/;

/**
 * The text of a package's CommonJS build: `dist/index.js` and the shared chunks it requires
 * (rolldown moves a package's modules into `dist/chunks/`), or `undefined` when it is not built.
 */
export function builtText(packageDir: string): string | undefined {
  const entry = join(packageDir, 'dist', 'index.js');
  if (!existsSync(entry)) return undefined;
  const text = readFileSync(entry, 'utf8');
  const chunks = [...text.matchAll(/require\("(\.\/chunks\/[^"]+\.js)"\)/g)].map((match) => join(dirname(entry), match[1]));
  return [text, ...chunks.filter(existsSync).map((chunk) => readFileSync(chunk, 'utf8'))].join('\n');
}

/**
 * Makes sure an example that runs on the sandbox is built with `toolwright build`: does nothing
 * when `dist/main.js` is there and the sandbox's build embeds its tools' schemas and contains
 * every `marker`; otherwise builds core, openai, the scanner and the sandbox, then the example.
 */
export function ensureSandboxExampleBuilt(example: string, markers: readonly string[] = []): void {
  const sandbox = builtText(join(root, 'packages/sandbox'));
  const current = sandbox !== undefined && EMBEDDED_SCHEMA.test(sandbox) && markers.every((marker) => sandbox.includes(marker));
  if (existsSync(join(example, 'dist/main.js')) && current) return;
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const toolwright = join(root, 'packages/scanner/bin/toolwright.js');
  execFileSync(process.execPath, [tsc, '-b', join(root, 'packages/core'), join(root, 'packages/openai'), join(root, 'packages/scanner'), join(root, 'packages/sandbox')], { stdio: 'inherit' });
  execFileSync('npm', ['run', 'build', '-w', 'packages/core', '-w', 'packages/openai', '-w', 'packages/scanner', '-w', 'packages/sandbox'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, [toolwright, 'build', '-p', join(example, 'tsconfig.json')], { stdio: 'inherit' });
}
