import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** A throwaway directory per test (see {@link useScratchDir}). */
export interface ScratchDir {
  /** The current test's directory. */
  readonly path: string;
  /** Writes `text` to `name` (relative, parent folders made) and returns the file's absolute path. */
  write(name: string, text: string): string;
}

/**
 * Registers `beforeEach`/`afterEach` hooks that give each test of the enclosing `describe` a fresh
 * directory under the OS temp folder, named with `prefix`, removed after the test.
 */
export function useScratchDir(prefix: string): ScratchDir {
  let current = '';
  beforeEach(() => {
    current = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => fs.rmSync(current, { recursive: true, force: true }));
  return {
    get path() {
      return current;
    },
    write(name, text) {
      const file = path.join(current, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      return file;
    },
  };
}
