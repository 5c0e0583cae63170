import * as path from 'path';

// The script is plain CommonJS (it runs without a build), loaded by path.
const ROOT = path.join(__dirname, '..', '..');
const { breakdown, suiteRows, projectOf } = jest.requireActual<{
  breakdown(report: unknown, options?: { top?: number }): string;
  suiteRows(report: unknown): Array<{ project: string; suite: string; tests: number; wallMs: number; testsMs: number; status: string }>;
  projectOf(file: string): string;
}>(path.join(ROOT, 'scripts', 'test-times.js'));

const suite = (file: string, startTime: number, endTime: number, durations: number[]) => ({
  name: path.join(ROOT, file),
  startTime,
  endTime,
  status: 'passed',
  assertionResults: durations.map((duration) => ({ duration })),
});

/** A report as `jest --json` writes it: three suites in two projects. */
const REPORT = {
  startTime: 1_000,
  testResults: [
    suite('packages/core/test/a.test.ts', 1_000, 4_000, [500, 500]),
    suite('packages/postgres/test/store.test.ts', 1_500, 61_500, [10_000, 5_000, 5_000]),
    suite('scripts/test/x.test.ts', 4_000, 5_000, [200]),
  ],
};

describe('the test-time breakdown (scripts/test-times.js)', () => {
  it('names the project of a test file as the jest projects are named', () => {
    expect(projectOf(path.join(ROOT, 'packages/redis/test/deep/x.test.ts'))).toBe('packages/redis');
    expect(projectOf(path.join(ROOT, 'examples/nest-app/test/x.test.ts'))).toBe('examples/nest-app');
    expect(projectOf(path.join(ROOT, 'scripts/test/x.test.ts'))).toBe('scripts');
  });

  it("splits a suite's wall time into its tests' time and the rest", () => {
    expect(suiteRows(REPORT)[1]).toEqual({ project: 'packages/postgres', suite: 'packages/postgres/test/store.test.ts', tests: 3, wallMs: 60_000, testsMs: 20_000, status: 'passed' });
  });

  it('prints the run, the projects by time spent and the slowest suites first', () => {
    const text = breakdown(REPORT, { top: 2 });
    expect(text).toContain('Test time: 3 suites, wall 60.5 s from jest\'s start, 64.0 s of suite time across workers.');
    const rows = (cells: number) => text.split('\n').filter((line) => /^\| (packages|scripts)/.test(line) && line.split('|').length === cells + 2);
    const projects = rows(6);
    expect(projects).toEqual([
      '| packages/postgres | 1 | 3 | 60.0 | test/store.test.ts | 60.0 |',
      '| packages/core | 1 | 2 | 3.0 | test/a.test.ts | 3.0 |',
      '| scripts | 1 | 1 | 1.0 | test/x.test.ts | 1.0 |',
    ]);
    const slowest = rows(5);
    expect(slowest).toEqual(['| packages/postgres/test/store.test.ts | 3 | 60.0 | 20.0 | 40.0 |', '| packages/core/test/a.test.ts | 2 | 3.0 | 1.0 | 2.0 |']);
  });
});
