'use strict';
// A jest reporter that prints where the run spent its time (scripts/test-times.js) after the
// summary: on a run of many suites, as `npm test` is, or whenever TOOLWRIGHT_TEST_TIMES=1.
// TOOLWRIGHT_TEST_TIMES=0 turns it off. A targeted run of a few files stays quiet.
// With TOOLWRIGHT_WRITE_SUITE_DURATIONS=1 it also writes every suite's time to
// scripts/build/suite-durations.json, from which slow-first-sequencer.js orders a fresh run.
const fs = require('fs');
const path = require('path');
const { breakdown, suiteRows } = require('../test-times');
const { DURATIONS } = require('./slow-first-sequencer');

const ROOT = path.join(__dirname, '..', '..');

/** Suites from which a run counts as a whole-repository one. */
const MANY_SUITES = 40;

class TestTimesReporter {
  /**
   * @param {unknown} _globalConfig
   * @param {unknown} _options
   */
  constructor(_globalConfig, _options) {}

  /**
   * @param {unknown} _contexts
   * @param {{ startTime: number, testResults: Array<{ testFilePath: string, perfStats: { start: number, end: number }, numFailingTests: number, testExecError?: unknown, testResults: Array<{ duration?: number | null }> }> }} results
   */
  onRunComplete(_contexts, results) {
    const wanted = process.env.TOOLWRIGHT_TEST_TIMES;
    if (wanted === '0' || (wanted !== '1' && results.testResults.length < MANY_SUITES)) return;
    const report = {
      startTime: results.startTime,
      testResults: results.testResults.map((result) => ({
        name: result.testFilePath,
        startTime: result.perfStats.start || results.startTime,
        endTime: result.perfStats.end || results.startTime,
        status: result.testExecError || result.numFailingTests > 0 ? 'failed' : 'passed',
        assertionResults: result.testResults,
      })),
    };
    process.stderr.write(`\n${breakdown(report)}`);
    if (process.env.TOOLWRIGHT_WRITE_SUITE_DURATIONS === '1') writeDurations(report);
  }
}

/**
 * Every suite's wall time, in milliseconds rounded to a tenth of a second, slowest first.
 * @param {{ startTime: number, testResults: Array<any> }} report
 */
function writeDurations(report) {
  const rows = suiteRows(report).sort((a, b) => b.wallMs - a.wallMs);
  const durations = Object.fromEntries(rows.map((row) => [row.suite, Math.round(row.wallMs / 100) * 100]));
  fs.writeFileSync(DURATIONS, `${JSON.stringify(durations, null, 2)}\n`);
  process.stderr.write(`suite durations written to ${path.relative(ROOT, DURATIONS)} (${rows.length} suites)\n`);
}

module.exports = TestTimesReporter;
