import 'reflect-metadata';
import { Ctx, Param, Tool, toolsOf, UserError, type ToolContext } from '@toolwright/core';
import { getMetadataStorage } from '@toolwright/core/internal';

describe('options recorded by @Tool and @Param', () => {
  class Recorded {
    @Tool()
    plain(@Param('a') a: string, @Param('b') b: string) {
      return a + b;
    }

    @Tool({ timeoutMs: 500 })
    bounded(@Param('n', { minimum: 1 }) n: number) {
      return n;
    }
  }

  it('share one frozen empty object when a decoration has none', () => {
    const storage = getMetadataStorage();
    const [a, b] = storage.parametersOf(Recorded, 'plain');
    expect(a.kind === 'param' && a.options).toEqual({});
    expect(a.kind === 'param' && b.kind === 'param' && a.options === b.options).toBe(true);
    expect(Object.isFrozen(a.kind === 'param' && a.options)).toBe(true);
    expect(storage.toolsOf(Recorded).get('plain')?.options).toBe(a.kind === 'param' ? a.options : undefined);
  });

  it('are copies when given, so changing the caller object later changes nothing', () => {
    const given = { minimum: 1 };
    class Copied {
      @Tool()
      take(@Param('n', given) n: number) {
        return n;
      }
    }
    given.minimum = 5;
    const [p] = getMetadataStorage().parametersOf(Copied, 'take');
    expect(p.kind === 'param' && p.options).toEqual({ minimum: 1 });
    expect(toolsOf(new Copied())[0].parameters.properties).toEqual({ n: { type: 'number', minimum: 1 } });
    expect(getMetadataStorage().toolsOf(Recorded).get('bounded')?.options).toEqual({ timeoutMs: 500 });
  });
});

describe('the parameter check of @Tool', () => {
  it('accepts parameters in any order with @Ctx between them, and maps arguments by name in each tool', async () => {
    class Mapped {
      @Tool()
      first(@Param('x') x: string, @Ctx() ctx: ToolContext, @Param('y') y: string) {
        return `${x}${y}${ctx.callId}`;
      }

      @Tool()
      second(@Param('y') y: string, @Param('x') x: string) {
        return `${y}-${x}`;
      }
    }
    const [first, second] = toolsOf(new Mapped());
    expect(await first.invoke({ callId: 'c1' } as ToolContext, { x: 'a', y: 'b' })).toBe('abc1');
    expect(await second.invoke({} as ToolContext, { x: 'a', y: 'b' })).toBe('b-a');
  });

  it('still reports a duplicate name and an undecorated parameter in full', () => {
    expect(() => {
      class Twice {
        @Tool()
        run(@Param('x') a: string, @Param('x') b: string) {
          return a + b;
        }
      }
      return Twice;
    }).toThrow(/parameters #0 \(a\) and #1 \(b\) are both named "x"/);
    expect(() => {
      class Missing {
        @Tool()
        run(@Param('x') a: string, b: string) {
          return a + b;
        }
      }
      return Missing;
    }).toThrow(UserError);
  });
});

describe('the parameter list of a @Tool method', () => {
  it('holds every parameter recorded before the @Tool and any recorded after it, in order', () => {
    class Late {
      run(a: string, b: string) {
        return a + b;
      }
    }
    const storage = getMetadataStorage();
    const at = (index: number, name: string) => ({ kind: 'param' as const, target: Late, method: 'run', index, name, options: {} });
    storage.collectParameter(at(1, 'b'));
    storage.collectTool({ kind: 'tool', target: Late, method: 'run', name: 'run', options: {}, parameterCount: 2 });
    storage.collectParameter(at(0, 'a'));
    expect(storage.parametersOf(Late, 'run').map((p) => p.index)).toEqual([1, 0]);
  });
});
