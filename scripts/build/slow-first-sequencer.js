'use strict';
// Jest's test sequencer, with one change: a suite jest has no timing for in its own cache (every
// suite on a fresh clone, as in CI) takes its time from scripts/build/suite-durations.json, the
// suites' times in a whole run, checked in. Jest then starts the slowest suites first, as it does
// from its cache, instead of the largest files: a two-minute suite started last would keep one
// worker busy after the others ran out of work. A suite in neither gets no time and runs first
// (jest's rule for new suites). Refresh the file with `TOOLWRIGHT_WRITE_SUITE_DURATIONS=1 npm test`.
const fs = require('fs');
const path = require('path');
const Sequencer = require('@jest/test-sequencer').default;

const ROOT = path.join(__dirname, '..', '..');
const DURATIONS = path.join(__dirname, 'suite-durations.json');

/** @returns {Record<string, number>} milliseconds by suite path from the repository root */
function checkedInDurations() {
  try {
    const parsed = JSON.parse(fs.readFileSync(DURATIONS, 'utf8'));
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

class SlowFirstSequencer extends Sequencer {
  /** @param {ConstructorParameters<typeof Sequencer>} args */
  constructor(...args) {
    super(...args);
    this.durations = checkedInDurations();
  }

  /**
   * @param {import('@jest/test-result').Test} test
   * @returns {number | undefined}
   */
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const known = this.durations[path.relative(ROOT, test.path).split(path.sep).join('/')];
    return typeof known === 'number' ? known : undefined;
  }
}

module.exports = SlowFirstSequencer;
module.exports.DURATIONS = DURATIONS;
