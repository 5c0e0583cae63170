'use strict';
// A jest reporter that prints where the run spent its time (scripts/test-times.js) after the
// summary: on a run of many suites, as `npm test` is, or whenever TOOLWRIGHT_TEST_TIMES=1.
// TOOLWRIGHT_TEST_TIMES=0 turns it off. A targeted run of a few files stays quiet.
const { breakdown } = require('../test-times');

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
  }
}

module.exports = TestTimesReporter;
