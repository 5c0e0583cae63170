// One jest project per package and per example that has a test/ folder. Tests run from
// TypeScript sources compiled as ts-jest compiles them (type-checked, not isolatedModules, so
// decorator metadata is emitted as tsc emits it; the scanner's transformer embeds schemas). `npm
// test` compiles them all once, in one program, before jest starts
// (scripts/build/precompile-tests.js); the transform reads that output while it is current, and
// hands a file to ts-jest otherwise (a targeted run after an edit, TOOLWRIGHT_PRECOMPILED=0).
const fs = require('fs');
const path = require('path');

// Absolute, so that every project (`scripts` sits one level up from the others) maps alike.
const moduleNameMapper = {
  '^@toolwright/core/internal$': path.join(__dirname, 'packages/core/src/internal.ts'),
  '^@toolwright/core/extend$': path.join(__dirname, 'packages/core/src/extend.ts'),
  '^@toolwright/core/testing$': path.join(__dirname, 'packages/core/src/testing.ts'),
  '^@toolwright/sandbox/testing$': path.join(__dirname, 'packages/sandbox/src/testing.ts'),
  '^@toolwright/bullmq/nestjs$': path.join(__dirname, 'packages/bullmq/src/nestjs.ts'),
  '^@toolwright/([a-z-]+)$': path.join(__dirname, 'packages/$1/src/index.ts'),
};

// The scanner's transformer embeds each @Tool's schema, as `toolwright build` does for the
// examples. It runs from the scanner's build output: `npm test` builds first. Its scan errors
// are ignored here: tests declare tools strict mode cannot express on purpose, to pin core's
// own errors at registration (users get them as compiler errors by default).
const astTransformers = {
  before: [{ path: path.join(__dirname, 'packages/scanner/dist/transformer.js'), options: { diagnostics: 'ignore' } }],
};

function project(dir) {
  return {
    displayName: dir,
    rootDir: path.join(__dirname, dir),
    testEnvironment: 'node',
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    moduleNameMapper,
    transform: {
      '^.+\\.ts$': [path.join(__dirname, 'scripts/build/precompiled-transform.js'), { tsconfig: path.join(__dirname, 'tsconfig.jest.json'), astTransformers }],
    },
  };
}

function projectsUnder(parent) {
  return fs
    .readdirSync(path.join(__dirname, parent))
    .map((name) => `${parent}/${name}`)
    .filter((dir) => fs.existsSync(path.join(__dirname, dir, 'test')))
    .sort();
}

module.exports = {
  // Rebuilds core and the scanner when stale: the transformer is the scanner's build and loads core's.
  // It also opens the directory where suites share one PostgreSQL per run; the teardown stops it.
  globalSetup: path.join(__dirname, 'scripts/build/jest-global-setup.mjs'),
  globalTeardown: path.join(__dirname, 'scripts/build/jest-global-teardown.mjs'),
  // On a fresh clone, the slowest suites first, from their checked-in times (jest's own cache
  // takes over once it has them).
  testSequencer: path.join(__dirname, 'scripts/build/slow-first-sequencer.js'),
  // After the summary of a whole run: where the time went, per project and per suite.
  reporters: ['default', path.join(__dirname, 'scripts/build/test-times-reporter.js')],
  // Jest's default on a 2-core machine is one worker. Many suites wait on child processes and
  // servers (npm installs, sshd, PostgreSQL, podman) rather than the CPU, so three keep both cores
  // busy. Four were slower in a CI rehearsal (jest 638 s against 523 s): the slowest suites, which
  // start first, then compete for the CPU. Capped at eight.
  maxWorkers: Math.max(3, Math.min(8, require('os').availableParallelism())),
  // ts-jest keeps every compiled program in a worker: over ~140 suites a worker's heap outgrows
  // Node's limit ("Jest worker ran out of memory"). A worker past 1.5 GB is replaced between files.
  workerIdleMemoryLimit: '1536MB',
  // A bound for a hung test, not an expectation: with three workers on two cores, a suite's first
  // test can spend seconds compiling (ts-jest) the modules core loads on first use.
  testTimeout: 30_000,
  // `scripts` holds the repository's own tooling (the layering check) and its tests.
  projects: [...projectsUnder('packages'), ...projectsUnder('examples'), 'scripts'].map(project),
};
