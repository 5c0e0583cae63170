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

/**
 * A command appending `<name> start` to the log, then (with `waitFor`) waiting until the log shows
 * `<waitFor> start` — giving up after 20 s, so a task that never runs beside it shows as such —
 * then appending `<name> end` and exiting with `code`. No sleeps: the order is what is asserted.
 */
function step(name: string, options: { waitFor?: string; code?: number } = {}): string {
  const waitFor = options.waitFor === undefined ? 'null' : JSON.stringify(`${options.waitFor} start`);
  const script = [
    `const fs=require('fs');const log=${JSON.stringify(log)};const until=Date.now()+20000;`,
    `fs.appendFileSync(log,'${name} start\\n');`,
    `const wanted=${waitFor};`,
    `const done=()=>{fs.appendFileSync(log,'${name} end\\n');process.exit(${options.code ?? 0})};`,
    `const poll=()=>(wanted===null||fs.readFileSync(log,'utf8').includes(wanted)||Date.now()>until)?done():setTimeout(poll,20);`,
    'poll();',
  ].join('');
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
      { name: 'a', command: step('a', { waitFor: 'b' }) },
      { name: 'b', command: step('b') },
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
        { name: 'wait', command: step('wait', { waitFor: 'one' }), usesCore: false },
        { name: 'one', command: step('one') },
        { name: 'two', command: step('two') },
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
        { name: 'broken', command: step('broken', { code: 3 }), quiet: true },
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
