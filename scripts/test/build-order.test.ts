// What waits for what before jest (scripts/build/build-all.js, before-tests.js): only the builds
// that type-check wait for the declarations, and the precompile waits only for the builds it loads.
interface Task {
  name: string;
  command: string;
  after?: string[];
}
const { buildTaskOf, buildTasks, workspaces } = jest.requireActual<{
  buildTaskOf(name: string): string;
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
      expect(byName(build, buildTaskOf(name)).after ?? []).not.toContain('declarations');
    }
  });

  it('makes every build that type-checks wait for the declarations: tool-declaring packages and the examples', () => {
    const typed = workspaces().filter((workspace) => workspace.typed && workspace.script !== undefined);
    expect(typed.map((workspace) => workspace.name)).toEqual(expect.arrayContaining(['@toolwright/sandbox', '@toolwright/brave-search']));
    for (const workspace of typed) expect(byName(build, buildTaskOf(workspace.name)).after).toContain('declarations');
    expect(byName(build, 'toolwright build (examples)').after).toContain('declarations');
  });

  it('builds the packages in one process per kind, each once, after the tasks building what they depend on', () => {
    const packages = workspaces().filter((workspace) => workspace.dir.startsWith('packages/'));
    const transpiled = buildTaskOf('@toolwright/core');
    for (const workspace of packages) {
      const task = byName(build, buildTaskOf(workspace.name));
      expect(task.name).toBe(workspace.typed ? buildTaskOf('@toolwright/sandbox') : transpiled);
      expect(task.command.split(' ').filter((word) => word === workspace.dir)).toHaveLength(1);
    }
    expect(byName(build, buildTaskOf('@toolwright/sandbox')).after).toContain(transpiled);
    expect(new Set(packages.map((workspace) => buildTaskOf(workspace.name))).size).toBe(2);
  });
});

describe('npm test before jest', () => {
  const list = tasks();

  it('precompiles the tests as soon as the declarations and the builds of core and the scanner (the transformer it loads) are there, not after every package', () => {
    const needs = [buildTaskOf('@toolwright/core'), 'declarations'];
    expect(buildTaskOf('@toolwright/scanner')).toBe(needs[0]);
    expect(byName(list, 'precompile tests').after).toEqual(needs);
    // Offered first wherever several tasks are ready: the chain to the precompile, the longest task.
    const order = list.map((task) => task.name);
    expect(order.slice(1, 4)).toEqual(expect.arrayContaining([...needs, 'precompile tests']));
    expect(order.indexOf('precompile tests')).toBeLessThan(order.indexOf(buildTaskOf('@toolwright/sandbox')));
  });

  it('runs every build task once', () => {
    const names = list.map((task) => task.name);
    for (const task of buildTasks()) expect(names.filter((name) => name === task.name)).toHaveLength(1);
  });
});
