// What waits for what before jest (scripts/build/build-all.js, before-tests.js): only the builds
// that type-check wait for the declarations, and the precompile waits only for the builds it loads.
interface Task {
  name: string;
  command: string;
  after?: string[];
}
const { buildTasks, workspaces } = jest.requireActual<{
  buildTasks(): Task[];
  workspaces(): Array<{ name: string; dir: string; script: string | undefined; typed: boolean }>;
}>('../build/build-all');
const { tasks } = jest.requireActual<{ tasks(): Task[] }>('../build/before-tests');

const byName = (list: Task[], name: string): Task => {
  const task = list.find((candidate) => candidate.name === name);
  if (!task) throw new Error(`no task ${name}`);
  return task;
};

describe('the build graph', () => {
  const build = buildTasks();

  it('starts the builds that only transpile without waiting for the declarations', () => {
    for (const name of ['@toolwright/core', '@toolwright/scanner', '@toolwright/openai', '@toolwright/mcp']) {
      expect(byName(build, name).after ?? []).not.toContain('declarations');
    }
    expect(byName(build, '@toolwright/scanner').after).toContain('@toolwright/core');
  });

  it('makes every build that type-checks wait for the declarations: tool-declaring packages and the examples', () => {
    const typed = workspaces().filter((workspace) => workspace.typed && workspace.script !== undefined);
    expect(typed.map((workspace) => workspace.name)).toEqual(expect.arrayContaining(['@toolwright/sandbox', '@toolwright/brave-search']));
    for (const workspace of typed.filter((candidate) => candidate.dir.startsWith('packages/'))) {
      expect(byName(build, workspace.name).after).toContain('declarations');
    }
    expect(byName(build, 'toolwright build (examples)').after).toContain('declarations');
  });
});

describe('npm test before jest', () => {
  const list = tasks();

  it('precompiles the tests as soon as the declarations and the builds of core and the scanner (the transformer it loads) are there, not after every package', () => {
    expect(byName(list, 'precompile tests').after).toEqual(['@toolwright/core', '@toolwright/scanner', 'declarations']);
    // Offered first wherever several tasks are ready: the chain to the precompile, the longest task.
    const order = list.map((task) => task.name);
    expect(order.slice(1, 5)).toEqual(expect.arrayContaining(['declarations', '@toolwright/core', '@toolwright/scanner', 'precompile tests']));
    expect(order.indexOf('precompile tests')).toBeLessThan(order.indexOf('@toolwright/openai'));
  });

  it('runs every build task once', () => {
    const names = list.map((task) => task.name);
    for (const task of buildTasks()) expect(names.filter((name) => name === task.name)).toHaveLength(1);
  });
});
