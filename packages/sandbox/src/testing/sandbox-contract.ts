import { testGlobals, type TestFunctions, type TestGlobals } from '@toolwright/core/testing';
import { OutsideWorkDirError } from '../errors/outside-work-dir.error';
import { SandboxFileError } from '../errors/sandbox-file.error';
import type { Sandbox } from '../sandbox/sandbox';

/** What the Sandbox contract suite needs from a backend's test file. */
export interface SandboxContractTarget {
  /** A sandbox with a working directory and `maxReadBytes: 4096`. */
  sandbox: Sandbox;
  /** A directory outside the working directory holding `secret.txt` (where the sandbox's files live). */
  outsideDir: string;
  /** The text of `secret.txt`. */
  secret: string;
}

/** Per test: container and SSH round trips are slow on a loaded machine (a bound, not an expectation). */
const TIMEOUT = 60_000;

/** The link-swap race: reads made while a command swaps links, and the bound for the whole test. */
const RACE_READS = 25;
const RACE_TIMEOUT = 90_000;

let counter = 0;
/** A fresh directory name per test, so tests share one working directory without interfering. */
function fresh(prefix: string): string {
  return `${prefix}-${process.pid}-${++counter}`;
}

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection, but the promise resolved');
}

/** Waits until the running command `running` has created `path`; fails if the command ends first. */
async function waitForFile(sandbox: Sandbox, path: string, running: Promise<unknown>): Promise<void> {
  let ended: unknown;
  void running.then((result) => (ended = result ?? 'ended'), (error: unknown) => (ended = error));
  while ((await sandbox.stat(path)) === null) {
    if (ended !== undefined) throw new Error(`the command ended before creating ${path}: ${JSON.stringify(ended)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Checks that an escape was refused, and that the message reveals nothing outside the work dir:
 * no secret, and no host path the caller did not write itself (a link's target is never shown).
 */
async function expectOutside({ expect }: TestGlobals, target: SandboxContractTarget, promise: Promise<unknown>, requested = ''): Promise<void> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(OutsideWorkDirError);
  if (!requested.includes(target.outsideDir)) expect(error.message).not.toContain(target.outsideDir);
  expect(error.message).not.toContain(target.secret);
}

/**
 * Registers the tests every `Sandbox` passes: exec (exit codes, cwd, env, stdin, timeouts that
 * kill the process group, output caps, streaming, abort), files (atomic writes, byte ranges,
 * listing, stat, size caps, typed errors) and confinement (no escape from the working directory
 * through `..`, absolute paths or symbolic links, even while a command swaps links). The tests
 * register with `functions` when given (`node:test`'s `{ describe, it }`), otherwise with the test
 * framework's globals (jest, or vitest with `globals: true`); they assert with `node:assert`. Call
 * it inside the backend's own `describe`, after its `beforeAll` (`before` under node:test) set the
 * target up; `get` is read in each test.
 *
 * @example
 * // under jest (or vitest with globals: true)
 * import { sandboxContract } from '@toolwright/sandbox/testing';
 *
 * describe('MySandbox', () => {
 *   let target: SandboxContractTarget;
 *   beforeAll(async () => { target = await startMySandbox(); });   // maxReadBytes: 4096, secret.txt outside
 *   sandboxContract(() => target);
 * });
 *
 * @example
 * // under node:test (node --test)
 * import { before, describe, it } from 'node:test';
 * import { sandboxContract } from '@toolwright/sandbox/testing';
 *
 * describe('MySandbox', () => {
 *   let target: SandboxContractTarget;
 *   before(async () => { target = await startMySandbox(); });
 *   sandboxContract(() => target, { describe, it });
 * });
 */
export function sandboxContract(get: () => SandboxContractTarget, functions?: TestFunctions): void {
  const globals = testGlobals('sandboxContract', functions);
  const { describe, it, expect } = globals;
  describe('the Sandbox contract', () => {
    describe('exec', () => {
      it('returns stdout, stderr and the exit code; a failing command is a result', async () => {
        const { sandbox } = get();
        const result = await sandbox.exec('echo out; echo err >&2; exit 3');
        expect(result).toMatchObject({ exitCode: 3, stdout: 'out\n', stderr: 'err\n', timedOut: false, truncated: false });
        expect(result.durationMs).toBeGreaterThanOrEqual(0);
      }, TIMEOUT);

      it('runs in the working directory (or cwd inside it), with env and stdin', async () => {
        const { sandbox } = get();
        const dir = fresh('exec');
        await sandbox.writeFile(`${dir}/sub/marker.txt`, 'here');
        expect((await sandbox.exec(`cat ${dir}/sub/marker.txt`)).stdout).toBe('here');
        expect((await sandbox.exec('cat marker.txt', { cwd: `${dir}/sub` })).stdout).toBe('here');
        const env = await sandbox.exec('printf "%s" "$GREETING"', { env: { GREETING: 'hello there' } });
        expect(env.stdout).toBe('hello there');
        const stdin = await sandbox.exec('tr a-z A-Z', { stdin: 'shout\n' });
        expect(stdin.stdout).toBe('SHOUT\n');
        const created = await sandbox.exec(`echo made > ${dir}/by-command.txt`);
        expect(created.exitCode).toBe(0);
        expect(await sandbox.readFile(`${dir}/by-command.txt`)).toBe('made\n');
      }, TIMEOUT);

      it('refuses a cwd outside the working directory', async () => {
        const target = get();
        await expectOutside(globals, target, target.sandbox.exec('pwd', { cwd: '..' }));
        await expectOutside(globals, target, target.sandbox.exec('pwd', { cwd: target.outsideDir }), target.outsideDir);
      }, TIMEOUT);

      it('kills the command and everything it started at the timeout, keeping the output so far', async () => {
        const { sandbox } = get();
        // Long enough for a slow start (a remote login shell's start-up files) to reach the echo.
        const result = await sandbox.exec('echo started; sleep 60 & sleep 60; echo never', { timeoutMs: 4_000 });
        expect(result.timedOut).toBe(true);
        expect(result.exitCode).toBeNull();
        expect(result.stdout).toBe('started\n');
        expect(result.durationMs).toBeLessThan(30_000);
      }, TIMEOUT);

      it('keeps the head and the tail of a large output within maxOutputBytes', async () => {
        const { sandbox } = get();
        const result = await sandbox.exec('echo FIRST; i=0; while [ $i -lt 3000 ]; do echo "line $i of filler text"; i=$((i+1)); done; echo LAST', { maxOutputBytes: 1_000 });
        expect(result.truncated).toBe(true);
        expect(result.stdout.startsWith('FIRST\n')).toBe(true);
        expect(result.stdout.endsWith('LAST\n')).toBe(true);
        expect(result.stdout).toMatch(/…\[\d+ bytes elided\]…/);
        expect(Buffer.byteLength(result.stdout)).toBeLessThan(1_100);
        expect(result.stdoutBytes).toBeGreaterThan(50_000);
      }, TIMEOUT);

      it('streams output as it arrives, then settles the result', async () => {
        const { sandbox } = get();
        const stream = sandbox.execStream('echo one; echo two >&2; echo three');
        const chunks: string[] = [];
        for await (const chunk of stream) chunks.push(`${chunk.stream}:${chunk.data}`);
        const result = await stream.result;
        expect(result.exitCode).toBe(0);
        expect(chunks.filter((c) => c.startsWith('stdout:')).join('').replace(/stdout:/g, '')).toBe('one\nthree\n');
        expect(chunks.some((c) => c === 'stderr:two\n')).toBe(true);
      }, TIMEOUT);

      it('rejects and kills the command when the signal aborts', async () => {
        const { sandbox } = get();
        const controller = new AbortController();
        const running = sandbox.exec('sleep 60', { signal: controller.signal, timeoutMs: 60_000 });
        setTimeout(() => controller.abort(new Error('stop now')), 300);
        const error = await rejection(running);
        expect(error.message).toBe('stop now');
      }, TIMEOUT);
    });

    describe('files', () => {
      it('writes (creating parents, replacing atomically) and reads back, whole or by byte range', async () => {
        const { sandbox } = get();
        const file = `${fresh('files')}/a/b/c.txt`;
        await sandbox.writeFile(file, 'first version');
        await sandbox.writeFile(file, 'héllo wörld');
        expect(await sandbox.readFile(file)).toBe('héllo wörld');
        expect(await sandbox.readFile(file, { offset: 0, limit: 5 })).toBe('héll');
        expect(Buffer.from(await sandbox.readFileBytes!(file, { offset: 7 })).toString()).toBe('wörld');
        expect(await sandbox.stat(file)).toMatchObject({ type: 'file', size: Buffer.byteLength('héllo wörld') });
      }, TIMEOUT);

      it('caps reads: a file over maxReadBytes is refused whole but readable by range', async () => {
        const { sandbox } = get();
        const file = `${fresh('big')}/big.txt`;
        await sandbox.writeFile(file, 'x'.repeat(10_000));
        const error = await rejection(sandbox.readFile(file));
        expect(error).toBeInstanceOf(SandboxFileError);
        expect((error as SandboxFileError).kind).toBe('too_large');
        expect(await sandbox.readFile(file, { offset: 9_990, limit: 100 })).toBe('x'.repeat(10));
      }, TIMEOUT);

      it('lists, stats and removes; errors name the kind', async () => {
        const { sandbox } = get();
        const dir = fresh('list');
        await sandbox.writeFile(`${dir}/one.txt`, '1');
        await sandbox.writeFile(`${dir}/sub/two.txt`, '22');
        const entries = await sandbox.listDir(dir);
        expect(entries.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
          { name: 'one.txt', type: 'file', size: 1 },
          expect.objectContaining({ name: 'sub', type: 'dir' }),
        ]);
        expect(await sandbox.stat(`${dir}/missing`)).toBeNull();
        expect(await sandbox.stat(`${dir}/missing/deeper`)).toBeNull();
        expect(await sandbox.stat(dir)).toMatchObject({ type: 'dir' });
        expect(((await rejection(sandbox.readFile(`${dir}/missing`))) as SandboxFileError).kind).toBe('not_found');
        expect(((await rejection(sandbox.readFile(`${dir}/sub`))) as SandboxFileError).kind).toBe('is_directory');
        expect(((await rejection(sandbox.remove(`${dir}/sub`))) as SandboxFileError).kind).toBe('not_empty');
        await sandbox.remove(`${dir}/sub`, { recursive: true });
        await sandbox.remove(`${dir}/one.txt`);
        expect(await sandbox.listDir(dir)).toEqual([]);
        expect(((await rejection(sandbox.remove('.', { recursive: true }))) as SandboxFileError).kind).toBe('permission_denied');
      }, TIMEOUT);

      it('follows links that stay inside, and reports the canonical path', async () => {
        const { sandbox } = get();
        const dir = fresh('links');
        await sandbox.writeFile(`${dir}/real/file.txt`, 'inside');
        expect((await sandbox.exec(`cd ${dir} && ln -s real alias && ln -s ../../${dir}/real/file.txt real/self-link`)).exitCode).toBe(0);
        expect(await sandbox.readFile(`${dir}/alias/file.txt`)).toBe('inside');
        expect(await sandbox.readFile(`${dir}/real/self-link`)).toBe('inside');
        expect(await sandbox.stat(`${dir}/alias`)).toMatchObject({ type: 'symlink' });
        expect(await sandbox.realPath!(`${dir}/alias/./file.txt`)).toBe(`${dir}/real/file.txt`);
        expect(await sandbox.realPath!(`${dir}/alias/new/deeper.txt`)).toBe(`${dir}/real/new/deeper.txt`);
        await sandbox.writeFile(`${dir}/alias/file.txt`, 'changed through the link');
        expect(await sandbox.readFile(`${dir}/real/file.txt`)).toBe('changed through the link');
        await sandbox.remove(`${dir}/alias`);
        expect(await sandbox.readFile(`${dir}/real/file.txt`)).toBe('changed through the link');
      }, TIMEOUT);
    });

    describe('confinement', () => {
      it('refuses "..", absolute paths outside and /proc/self/root', async () => {
        const target = get();
        const { sandbox } = target;
        await expectOutside(globals, target, sandbox.readFile('../secret.txt'));
        await expectOutside(globals, target, sandbox.readFile('a/../../secret.txt'));
        await expectOutside(globals, target, sandbox.readFile(`${target.outsideDir}/secret.txt`), target.outsideDir);
        await expectOutside(globals, target, sandbox.readFile('/etc/passwd'));
        await expectOutside(globals, target, sandbox.readFile(`/proc/self/root${target.outsideDir}/secret.txt`), target.outsideDir);
        await expectOutside(globals, target, sandbox.writeFile('../planted.txt', 'x'));
        await expectOutside(globals, target, sandbox.listDir('..'));
        await expectOutside(globals, target, sandbox.stat('../secret.txt'));
        await expectOutside(globals, target, sandbox.remove(`${target.outsideDir}/secret.txt`), target.outsideDir);
      }, TIMEOUT);

      it('refuses links leading outside, at any depth, absolute or relative', async () => {
        const target = get();
        const { sandbox } = target;
        const dir = fresh('escape');
        const setup = [
          `mkdir -p ${dir}/deep/er`,
          `ln -s ${target.outsideDir} ${dir}/deep/er/out`,
          `ln -s ${target.outsideDir}/secret.txt ${dir}/direct`,
          `ln -s ../../../../.. ${dir}/deep/er/up`,
          `ln -s /proc/self/root ${dir}/root`,
          `ln -s direct ${dir}/chain`,
        ].join(' && ');
        expect((await sandbox.exec(setup)).exitCode).toBe(0);
        await expectOutside(globals, target, sandbox.readFile(`${dir}/direct`));
        await expectOutside(globals, target, sandbox.readFile(`${dir}/chain`));
        await expectOutside(globals, target, sandbox.readFile(`${dir}/deep/er/out/secret.txt`));
        await expectOutside(globals, target, sandbox.readFile(`${dir}/deep/er/up/etc/passwd`));
        await expectOutside(globals, target, sandbox.readFile(`${dir}/root/etc/passwd`));
        await expectOutside(globals, target, sandbox.writeFile(`${dir}/direct`, 'overwritten'));
        await expectOutside(globals, target, sandbox.writeFile(`${dir}/deep/er/out/planted.txt`, 'planted'));
        await expectOutside(globals, target, sandbox.listDir(`${dir}/deep/er/out`));
        await expectOutside(globals, target, sandbox.remove(`${dir}/deep/er/out/secret.txt`));
        // The links themselves may be looked at and removed; what they point to is untouched.
        expect(await sandbox.stat(`${dir}/direct`)).toMatchObject({ type: 'symlink' });
        await sandbox.remove(`${dir}/direct`);
      }, TIMEOUT);

      it('refuses device files and FIFOs', async () => {
        const target = get();
        const { sandbox } = target;
        const dir = fresh('special');
        expect((await sandbox.exec(`mkdir -p ${dir} && mkfifo ${dir}/pipe && ln -s /dev/zero ${dir}/zero`)).exitCode).toBe(0);
        await expectOutside(globals, target, sandbox.readFile(`${dir}/pipe`));
        await expectOutside(globals, target, sandbox.writeFile(`${dir}/pipe`, 'x'));
        await expectOutside(globals, target, sandbox.readFile(`${dir}/zero`));
        expect(await sandbox.stat(`${dir}/pipe`)).toMatchObject({ type: 'other' });
      }, TIMEOUT);

      it('never follows a link swapped in by a running command between check and use', async () => {
        const target = get();
        const { sandbox } = target;
        const dir = fresh('race');
        await sandbox.writeFile(`${dir}/swap/secret.txt`, 'harmless');
        // Swaps the directory for a link to the outside directory, over and over, until told to stop.
        // The reads are counted, not timed: on a loaded machine one read can take half a second.
        const swapper = sandbox.exec(
          `cd ${dir} && while [ ! -e stop ]; do mv swap real && ln -s ${target.outsideDir} swap && rm swap && mv real swap; touch started; done`,
          { timeoutMs: RACE_TIMEOUT - 15_000 },
        );
        await waitForFile(sandbox, `${dir}/started`, swapper);
        const seen = new Set<string>();
        for (let reads = 0; reads < RACE_READS; reads++) {
          try {
            seen.add(await sandbox.readFile(`${dir}/swap/secret.txt`));
          } catch (error) {
            seen.add((error as Error).constructor.name);
          }
        }
        await sandbox.writeFile(`${dir}/stop`, '');
        // The swapper ran through every read: it stopped when told, not at its time limit.
        expect(await swapper).toMatchObject({ exitCode: 0, timedOut: false });
        expect(seen.has(target.secret)).toBe(false);
        expect([...seen].every((s) => ['harmless', 'OutsideWorkDirError', 'SandboxFileError'].includes(s))).toBe(true);
      }, RACE_TIMEOUT);
    });
  });
}
