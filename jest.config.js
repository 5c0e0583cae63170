// One jest project per package and per example. Tests run from TypeScript sources through
// ts-jest (type-checked, not isolatedModules, so decorator metadata is emitted as tsc emits it).
const path = require('path');

const moduleNameMapper = {
  '^@toolwright/(core|scanner|openai|nestjs)$': '<rootDir>/../../packages/$1/src/index.ts',
};

// The scanner's transformer embeds each @Tool's schema, as `toolwright build` does for the
// examples. It runs from the scanner's build output: `npm test` builds first.
const astTransformers = {
  before: [{ path: path.join(__dirname, 'packages/scanner/dist/transformer.js') }],
};

function project(dir) {
  return {
    displayName: dir,
    rootDir: path.join(__dirname, dir),
    testEnvironment: 'node',
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    moduleNameMapper,
    transform: {
      '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json'), astTransformers }],
    },
  };
}

module.exports = {
  projects: ['packages/core', 'packages/scanner', 'packages/openai', 'packages/nestjs', 'examples/weather', 'examples/nest-app'].map(project),
};
