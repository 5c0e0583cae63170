// One jest project per package and per example. Tests run from TypeScript sources through
// ts-jest (type-checked, not isolatedModules, so decorator metadata is emitted as tsc emits it).
const path = require('path');

const moduleNameMapper = {
  '^@toolwright/(core|scanner|openai|nestjs)$': '<rootDir>/../../packages/$1/src/index.ts',
};

function project(dir) {
  return {
    displayName: dir,
    rootDir: path.join(__dirname, dir),
    testEnvironment: 'node',
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    moduleNameMapper,
    transform: {
      '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json') }],
    },
  };
}

module.exports = {
  projects: ['packages/core', 'packages/scanner', 'packages/openai', 'packages/nestjs'].map(project),
};
