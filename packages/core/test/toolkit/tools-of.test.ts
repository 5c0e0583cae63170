import 'reflect-metadata';
import { Args, Ctx, Param, Tool, Toolkit, UseInterceptors, parseToolArguments, toolsOf, defineTool, UserError } from '@toolwright/core';
import { isToolkitInstance } from '@toolwright/core/extend';
import type { ToolContext, ToolInterceptor } from '@toolwright/core';

const ctx = { callId: 'c1' } as unknown as ToolContext;

describe('toolsOf', () => {
  @Toolkit({ prefix: 'wx_' })
  class WeatherTools {
    readonly calls: unknown[][] = [];

    @Tool({ description: 'Weather for a city.' })
    getWeather(@Param('city') city: string, @Param('days', { minimum: 1 }) days: number, @Ctx() context: ToolContext) {
      this.calls.push([city, days, context]);
      return `${city}:${days}`;
    }
  }

  it('builds tools bound to the instance, mapping named arguments onto positional parameters', async () => {
    const instance = new WeatherTools();
    const [tool] = toolsOf(instance);
    expect(tool).toMatchObject({ type: 'function', name: 'wx_get_weather', description: 'Weather for a city.', strict: true, source: 'WeatherTools.getWeather' });
    expect(tool.parameters).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'number', minimum: 1 } },
      required: ['city', 'days'],
      additionalProperties: false,
    });
    const args = parseToolArguments(tool, '{"days":2,"city":"Oslo"}');
    expect(await tool.invoke(ctx, args)).toBe('Oslo:2');
    expect(instance.calls).toEqual([['Oslo', 2, ctx]]);
  });

  it('tells decorated instances from tools and plain objects', () => {
    expect(isToolkitInstance(new WeatherTools())).toBe(true);
    expect(isToolkitInstance({})).toBe(false);
    expect(isToolkitInstance(null)).toBe(false);
    expect(isToolkitInstance(defineTool({ name: 'x', description: '', parameters: {}, invoke: () => 1 }))).toBe(false);
    expect(() => toolsOf({})).toThrow(UserError);
  });

  it('passes the DTO object for @Args without a class', async () => {
    class Q {
      @Tool({}, { parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } })
      run(@Args() args: { q: string }) {
        return args.q;
      }
    }
    const [tool] = toolsOf(new Q());
    expect(await tool.invoke(ctx, parseToolArguments(tool, '{"q":"hi"}'))).toBe('hi');
  });

  describe('when an enhancer class cannot be instantiated', () => {
    it('quotes what its constructor threw, even when that is not an Error', () => {
      class Audit implements ToolInterceptor {
        constructor() {
          throw 'no audit log configured';
        }
        intercept: ToolInterceptor['intercept'] = (_invocation, next) => next();
      }
      class Audited {
        @UseInterceptors(Audit)
        @Tool({}, { parameters: { type: 'object', properties: {} } })
        run() {
          return 'ok';
        }
      }
      expect(() => toolsOf(new Audited())).toThrow(/cannot instantiate Audit with `new` \(no audit log configured\)/);
    });
  });
});
