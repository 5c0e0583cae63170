// Importing @toolwright/core must not load class-validator or class-transformer: only tools that
// take an @Args DTO need them, and loading them at import (validator.js with them) made most of
// the package's import time.
const LAZY = ['class-validator', 'class-transformer', 'class-transformer/cjs/storage'];

describe('@toolwright/core import', () => {
  afterEach(() => {
    for (const name of LAZY) jest.dontMock(name);
    jest.resetModules();
  });

  it('does not load class-validator or class-transformer', () => {
    jest.isolateModules(() => {
      for (const name of LAZY) {
        jest.doMock(name, () => {
          throw new Error(`${name} was loaded when @toolwright/core was imported`);
        });
      }
      expect(() => require('../../src/index')).not.toThrow();
    });
  });
});
