import * as api from '../src';
import { createConsole } from '../src';
import { MemoryRunStore, UserError, type RunStore } from '@toolwright/core';

describe('@toolwright/console', () => {
  it('exports exactly these runtime names', () => {
    expect(Object.keys(api).sort()).toEqual(['ToolwrightConsoleModule', 'createConsole', 'runConsoleCli']);
  });

  it('refuses a store without run records, a bad authorize and a bad basePath, saying how to fix them', () => {
    const bare = { inspect: () => undefined } as unknown as RunStore;
    expect(() => createConsole({ store: bare, authorize: () => false })).toThrow(/does not keep run records/);
    expect(() => createConsole({ store: new MemoryRunStore(), authorize: 'yes' as never })).toThrow(UserError);
    expect(() => createConsole({ store: new MemoryRunStore(), authorize: () => false, basePath: 'no-slash' })).toThrow(/basePath/);
    expect(() => createConsole({ store: new MemoryRunStore(), authorize: () => false, basePath: '/a"><script>' })).toThrow(/basePath/);
  });

  it('is read-only without agents and loopback-only without authorize', () => {
    const c = createConsole({ store: new MemoryRunStore() });
    expect(c.readOnly).toBe(true);
    expect(c.loopbackOnly).toBe(true);
  });
});
