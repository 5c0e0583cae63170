import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A working directory and, beside it, a directory with a secret the sandbox must never reveal. */
export interface TempDirs {
  base: string;
  workDir: string;
  outsideDir: string;
  secret: string;
  cleanup(): void;
}

/** Makes the directories under os.tmpdir() (real paths, so messages can be checked for them). */
export function makeTempDirs(prefix: string): TempDirs {
  const base = realpathSync(mkdtempSync(join(tmpdir(), `toolwright-${prefix}-`)));
  const workDir = join(base, 'work');
  const outsideDir = join(base, 'outside');
  const secret = `TOP-SECRET-${Math.random().toString(36).slice(2)}`;
  for (const dir of [workDir, outsideDir]) mkdirSync(dir);
  writeFileSync(join(outsideDir, 'secret.txt'), secret);
  return { base, workDir, outsideDir, secret, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}
