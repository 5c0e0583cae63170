import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

// The runner of `npm run build` and of what `npm test` does before jest.
const { runTasks } = jest.requireActual<{
  runTasks(tasks: Array<{ name: string; command: string; cwd?: string; after?: string[]; usesCore?: boolean; quiet?: boolean }>, options?: { slots?: number }): Promise<number>;
}>('../build/task-graph');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-task-graph-'));
const log = path.join(dir, 'log');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A command appending `<name> start` and, after `ms`, `<name> end` to the log; exits with `code`. */
function step(name: string, ms = 0, code = 0): string {
  const script = `const fs=require('fs');fs.appendFileSync(${JSON.stringify(log)},'${name} start\\n');setTimeout(()=>{fs.appendFileSync(${JSON.stringify(log)},'${name} end\\n');process.exit(${code})},${ms})`;
  return `"${process.execPath}" -e "${script.replace(/"/g, '\\"')}"`;
}

function lines(): string[] {
  const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
  fs.rmSync(log, { force: true });
  return text.split('\n').filter(Boolean);
}

let write: jest.SpyInstance;
beforeEach(() => {
  write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => jest.restoreAllMocks());

describe('runTasks', () => {
  it('starts a task only once every task it comes after has ended', async () => {
    const code = await runTasks([
      { name: 'c', command: step('c'), after: ['a', 'b'] },
      { name: 'a', command: step('a', 300) },
      { name: 'b', command: step('b', 100) },
    ]);
    expect(code).toBe(0);
    const order = lines();
    expect(order.indexOf('c start')).toBeGreaterThan(order.indexOf('a end'));
    expect(order.indexOf('c start')).toBeGreaterThan(order.indexOf('b end'));
    // a and b ran at the same time: b started before a ended.
    expect(order.indexOf('b start')).toBeLessThan(order.indexOf('a end'));
  });

  it('runs no more tasks that use a core than it has slots; a task that mostly waits takes none', async () => {
    await runTasks(
      [
        { name: 'wait', command: step('wait', 400), usesCore: false },
        { name: 'one', command: step('one', 200) },
        { name: 'two', command: step('two', 0) },
      ],
      { slots: 1 },
    );
    const order = lines();
    expect(order.indexOf('two start')).toBeGreaterThan(order.indexOf('one end'));
    expect(order.indexOf('one start')).toBeLessThan(order.indexOf('wait end'));
  });

  it('returns the first failure’s exit code, starts nothing after it, and prints the failed task’s output', async () => {
    const code = await runTasks(
      [
        { name: 'broken', command: step('broken', 0, 3), quiet: true },
        { name: 'after broken', command: step('after broken'), after: ['broken'] },
        { name: 'later', command: step('later') },
      ],
      { slots: 1 },
    );
    expect(code).toBe(3);
    expect(lines()).toEqual(['broken start', 'broken end']);
    expect(write.mock.calls.map(([text]) => String(text)).join('')).toContain('> broken');
  });

  it('refuses tasks that come after each other', async () => {
    const code = await runTasks([
      { name: 'x', command: step('x'), after: ['y'] },
      { name: 'y', command: step('y'), after: ['x'] },
    ]);
    expect(code).toBe(1);
    expect(lines()).toEqual([]);
  });
});
