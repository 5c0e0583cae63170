#!/usr/bin/env node
'use strict';
// Where a jest run spent its time: per project (packages/<name>, examples/<name>, scripts) and
// per suite (test file), slowest first. Reads the report `jest --json --outputFile=report.json`
// writes: `node scripts/test-times.js report.json [--top 15]`. The same breakdown is printed at the
// end of `npm test` by scripts/build/test-times-reporter.js, so CI logs show it.
//
// A suite's "wall" is from the moment its worker started it to its end; "tests" adds up its
// tests' own durations; the difference ("setup") is loading and compiling its modules (ts-jest)
// plus its beforeAll/afterAll hooks — servers started, packages installed.
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');

/**
 * The project a test file belongs to: `packages/<name>`, `examples/<name>` or its first folder.
 * @param {string} file absolute path of the test file
 * @returns {string}
 */
function projectOf(file) {
  const parts = path.relative(ROOT, file).split(path.sep);
  return parts[0] === 'packages' || parts[0] === 'examples' ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * One row per suite, from the `testResults` of a jest JSON report.
 * @param {{ testResults: Array<{ name: string, startTime: number, endTime: number, status: string, assertionResults: Array<{ duration?: number | null }> }> }} report
 * @returns {Array<{ project: string, suite: string, tests: number, wallMs: number, testsMs: number, status: string }>}
 */
function suiteRows(report) {
  return report.testResults.map((result) => {
    const testsMs = result.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0);
    return {
      project: projectOf(result.name),
      suite: path.relative(ROOT, result.name).split(path.sep).join('/'),
      tests: result.assertionResults.length,
      wallMs: Math.max(0, result.endTime - result.startTime),
      testsMs,
      status: result.status,
    };
  });
}

/**
 * Per project: suites, tests, the suites' wall time added up, and the slowest suite.
 * @param {ReturnType<typeof suiteRows>} rows
 */
function projectRows(rows) {
  const byProject = new Map();
  for (const row of rows) {
    const entry = byProject.get(row.project) ?? { project: row.project, suites: 0, tests: 0, wallMs: 0, slowest: row };
    entry.suites += 1;
    entry.tests += row.tests;
    entry.wallMs += row.wallMs;
    if (row.wallMs > entry.slowest.wallMs) entry.slowest = row;
    byProject.set(row.project, entry);
  }
  return [...byProject.values()].sort((a, b) => b.wallMs - a.wallMs);
}

const seconds = (ms) => (ms / 1000).toFixed(1);

/**
 * The breakdown as markdown: the run's wall time, a table per project and the slowest suites.
 * @param {{ startTime: number, testResults: Array<any> }} report a jest JSON report
 * @param {{ top?: number }} [options] how many suites to list (default 15)
 * @returns {string}
 */
function breakdown(report, options = {}) {
  const rows = suiteRows(report);
  const ends = rows.length > 0 ? Math.max(...report.testResults.map((result) => result.endTime)) : report.startTime;
  const busyMs = rows.reduce((sum, row) => sum + row.wallMs, 0);
  const lines = [
    `Test time: ${rows.length} suites, wall ${seconds(ends - report.startTime)} s from jest's start, ${seconds(busyMs)} s of suite time across workers.`,
    '',
    '| project | suites | tests | suite s (sum) | slowest suite | s |',
    '|---|---:|---:|---:|---|---:|',
    ...projectRows(rows).map((p) => `| ${p.project} | ${p.suites} | ${p.tests} | ${seconds(p.wallMs)} | ${p.slowest.suite.slice(p.project.length + 1)} | ${seconds(p.slowest.wallMs)} |`),
    '',
    '| slowest suites | tests | wall s | tests s | setup s |',
    '|---|---:|---:|---:|---:|',
    ...[...rows]
      .sort((a, b) => b.wallMs - a.wallMs)
      .slice(0, options.top ?? 15)
      .map((row) => `| ${row.suite} | ${row.tests} | ${seconds(row.wallMs)} | ${seconds(row.testsMs)} | ${seconds(Math.max(0, row.wallMs - row.testsMs))} |`),
  ];
  return `${lines.join('\n')}\n`;
}

module.exports = { breakdown, suiteRows, projectRows, projectOf };

if (require.main === module) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : undefined;
  if (args.length !== 1 || (top !== undefined && !(top > 0))) {
    process.stderr.write('usage: node scripts/test-times.js <jest --json report> [--top N]\n');
    process.exit(2);
  }
  process.stdout.write(breakdown(JSON.parse(fs.readFileSync(args[0], 'utf8')), { top }));
}
