import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Writes files (exact bytes) under `root`. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** Every file under `root` with its content, and every empty directory (as `path/`). */
export function readTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (dir: string): void => {
    const entries = readdirSync(dir);
    if (entries.length === 0 && dir !== root) out[`${relative(root, dir)}/`] = '';
    for (const name of entries) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) visit(path);
      else out[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  visit(root);
  return out;
}
