import { lazyModule } from '../../src/lazy/lazy-module';

describe('lazyModule', () => {
  it('loads on the first call only and returns the same exports afterwards', () => {
    const exports = { value: 1 };
    const load = jest.fn(() => exports);
    const get = lazyModule(load);
    expect(load).not.toHaveBeenCalled();
    expect(get()).toBe(exports);
    expect(get()).toBe(exports);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('remembers a module whose exports are undefined', () => {
    const load = jest.fn(() => undefined);
    const get = lazyModule(load);
    get();
    get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not remember a failed load: the next call tries again', () => {
    let attempts = 0;
    const get = lazyModule(() => {
      attempts += 1;
      if (attempts === 1) throw new Error('Cannot find module');
      return 'loaded';
    });
    expect(() => get()).toThrow('Cannot find module');
    expect(get()).toBe('loaded');
    expect(attempts).toBe(2);
  });
});

// Each test gets a fresh module registry in which the deferred dependencies record when they are
// loaded, so "not at import, but on first use" is observed directly.
describe('@toolwright/core deferred dependencies', () => {
  const DEFERRED = ['ajv', 'node:net', 'node:crypto'] as const;
  let loaded: string[];

  beforeEach(() => {
    loaded = [];
    jest.resetModules();
    for (const name of DEFERRED) {
      jest.doMock(name, () => {
        loaded.push(name);
        return jest.requireActual(name);
      });
    }
  });

  afterEach(() => {
    for (const name of DEFERRED) jest.dontMock(name);
    jest.resetModules();
  });

  const schema = {
    type: 'object',
    properties: { host: { type: 'string', format: 'ipv4' }, peer: { type: 'string', format: 'ipv6' } },
    required: ['host'],
    additionalProperties: false,
  };

  it('loads none of them when the package is imported', () => {
    require('../../src/index');
    expect(loaded).toEqual([]);
  });

  it('loads ajv when the first validator is compiled, once', () => {
    require('../../src/index');
    const { compiledArgumentsOf } = require('../../src/arguments/compiled-arguments') as typeof import('../../src/arguments/compiled-arguments');
    const { validate } = compiledArgumentsOf(schema, 'ping');
    expect(loaded).toEqual(['ajv']);
    compiledArgumentsOf({ type: 'object', properties: {} }, 'other');
    expect(loaded).toEqual(['ajv']);
    expect(validate({ host: '10.0.0.1' })).toBe(true);
  });

  it('loads node:net on the first ip format check, and checks ipv4 and ipv6 with it', () => {
    const { compiledArgumentsOf } = require('../../src/arguments/compiled-arguments') as typeof import('../../src/arguments/compiled-arguments');
    const { validate } = compiledArgumentsOf(schema, 'ping');
    expect(loaded).not.toContain('node:net');
    expect(validate({ host: '10.0.0.1', peer: '::1' })).toBe(true);
    expect(loaded).toContain('node:net');
    expect(validate({ host: '10.0.0' })).toBe(false);
    expect(validate({ host: '10.0.0.1', peer: '10.0.0.1' })).toBe(false);
  });

  it('builds and searches a tool index without loading any of them', () => {
    const { defineTool } = require('../../src/index') as typeof import('../../src/index');
    const { ToolIndex } = require('../../src/toolsets/tool-index') as typeof import('../../src/toolsets/tool-index');
    const weather = defineTool({
      name: 'get_weather',
      description: 'Current weather for a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
      invoke: () => 'sunny',
    });
    const index = new ToolIndex([weather]);
    expect(index.search('weather', 5).map((hit) => hit.name)).toEqual(['get_weather']);
    expect(loaded).toEqual([]);
  });

  it('loads node:crypto when a state is signed, and signatures still verify', () => {
    const { signState, readSignedState } = require('../../src/state/state-signing') as typeof import('../../src/state/state-signing');
    expect(loaded).toEqual([]);
    const signed = signState('{"turn":1}', 'secret');
    expect(loaded).toEqual(['node:crypto']);
    expect(readSignedState(signed, 'secret')).toEqual({ turn: 1 });
    expect(() => readSignedState(signed, 'other secret')).toThrow('signature does not match');
  });
});
