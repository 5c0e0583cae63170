import 'reflect-metadata';
import { Tool, defineTool } from '@toolwright/core';

type ToolsOfModule = typeof import('../../src/toolkit/tools-of');

/** A second copy of the toolkit module, as a duplicated install of core would load it. */
function anotherCopy(): ToolsOfModule {
  let copy: ToolsOfModule | undefined;
  jest.isolateModules(() => {
    copy = jest.requireActual<ToolsOfModule>('../../src/toolkit/tools-of');
  });
  return copy!;
}

class Clock {
  @Tool({ description: 'The time.' })
  now(): string {
    return 'noon';
  }
}

describe('toolsOf across copies of core', () => {
  it('returns the tools another copy set with setToolsOf', () => {
    const [first, second] = [anotherCopy(), anotherCopy()];
    expect(first.toolsOf).not.toBe(second.toolsOf);
    const clock = new Clock();
    const replaced = defineTool({ name: 'now', description: 'The time, through the integration.', parameters: { type: 'object', properties: {} }, invoke: () => 'through the integration' });
    first.setToolsOf(clock, [replaced]);
    expect(second.toolsOf(clock).map((t) => t.description)).toEqual(['The time, through the integration.']);
  });
});
