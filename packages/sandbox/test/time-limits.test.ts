import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError, type Tool } from '@toolwright/core';
import { MAX_TIME_LIMIT_MS } from '@toolwright/core/extend';
import { CodeToolkit, FileToolkit, LocalSandbox } from '@toolwright/sandbox';
import { rejection } from './support/rejection';
import { outputs, runCalls } from './toolkits/support';

const RANGE = 'must be a positive integer number of milliseconds up to 2147483647 (2^31−1, about 24.8 days)';
// Anything a timer cannot wait for, and no limit at all: a sandboxed command always has one.
const REFUSED: unknown[] = [2 ** 31, 0, -1, 1.5, Number.NaN, Infinity, null];

describe('sandbox time limits', () => {
  let dir: string;
  let sandbox: LocalSandbox;
  beforeAll(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-limits-')));
    sandbox = new LocalSandbox({ workDir: dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe.each([
    ['LocalSandbox: defaultTimeoutMs', (v: unknown) => new LocalSandbox({ workDir: dir, defaultTimeoutMs: v as number })],
    ['LocalSandbox: maxTimeoutMs', (v: unknown) => new LocalSandbox({ workDir: dir, maxTimeoutMs: v as number })],
    ['CodeToolkit: defaultTimeoutMs', (v: unknown) => new CodeToolkit(sandbox, { defaultTimeoutMs: v as number })],
    ['CodeToolkit: maxTimeoutMs', (v: unknown) => new CodeToolkit(sandbox, { maxTimeoutMs: v as number })],
    ['FileToolkit: timeoutMs', (v: unknown) => new FileToolkit(sandbox, { timeoutMs: v as number })],
  ])('%s', (what, build) => {
    it.each(REFUSED.map((v) => [v]))('refuses %p with a UserError naming the option and the range', (value) => {
      expect(() => build(value)).toThrow(UserError);
      expect(() => build(value)).toThrow(`${what} ${RANGE} (got ${String(value)}). A sandboxed command always has a time limit: Infinity and null are refused`);
    });

    it('accepts the longest a timer can wait, 2^31−1', () => {
      expect(() => build(MAX_TIME_LIMIT_MS)).not.toThrow();
    });
  });

  it.each(REFUSED.map((v) => [v]))("refuses a command's timeoutMs of %p", async (timeoutMs) => {
    const error = await rejection(sandbox.exec('true', { timeoutMs: timeoutMs as number }));
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toBe(`exec: timeoutMs ${RANGE} (got ${String(timeoutMs)}). A sandboxed command always has a time limit: Infinity and null are refused; pass a long finite limit instead.`);
  });

  it('runs a command with the longest limits to its end, instead of timing it out at once', async () => {
    const longest = new LocalSandbox({ workDir: dir, defaultTimeoutMs: MAX_TIME_LIMIT_MS, maxTimeoutMs: MAX_TIME_LIMIT_MS });
    const result = await longest.exec('sleep 0.05; echo ok', { timeoutMs: MAX_TIME_LIMIT_MS });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'ok\n', timedOut: false });
    expect((await longest.exec('sleep 0.05; echo ok')).timedOut).toBe(false);
  });

  it("keeps exec_command's own time limit within what a timer can wait when maxTimeoutMs is the longest", async () => {
    const toolkit = new CodeToolkit(sandbox, { maxTimeoutMs: MAX_TIME_LIMIT_MS, native: false });
    const [exec] = toolkit.tools() as Tool[];
    expect(exec!.timeoutMs).toBe(MAX_TIME_LIMIT_MS);
    const { events } = await runCalls([toolkit], [{ name: 'exec_command', arguments: { cmd: 'sleep 0.05; echo ran', timeout_seconds: null, workdir: null } }]);
    expect(outputs(events).call_1!.text).toMatch(/ran/);
    expect(outputs(events).call_1!.isError).toBeFalsy();
  });
});
