import 'reflect-metadata';
import { Args, Ctx, Param, Tool, Toolkit, UserError, loadSchemaManifest, toolsOf } from '@toolwright/core';
import { getMetadataStorage } from '@toolwright/core/internal';
import type { ToolContext } from '@toolwright/core';

function userError(fn: () => unknown): UserError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return error as UserError;
  }
  throw new Error('expected UserError');
}

describe('@Tool at decoration time', () => {
  it('records the tool with its default snake_case name', () => {
    class Weather {
      @Tool()
      getHTTPWeatherNow(@Param('city') city: string) {
        return city;
      }
    }
    expect(getMetadataStorage().toolsOf(Weather).get('getHTTPWeatherNow')).toMatchObject({ kind: 'tool', name: 'get_http_weather_now', parameterCount: 1 });
  });

  it('refuses a parameter without @Param/@Args/@Ctx, naming class, method, parameter and fix', () => {
    const error = userError(() => {
      class Weather {
        @Tool()
        getWeather(@Param('city') city: string, units: string) {
          return city + units;
        }
      }
      return Weather;
    });
    expect(error.message).toMatch(/@Tool on Weather\.getWeather: parameter #1 \(units\) has no @Param, @Args or @Ctx/);
    expect(error.message).toMatch(/Fix: decorate it: @Param\('units'\)/);
  });

  it('refuses two decorators on one parameter', () => {
    const error = userError(() => {
      class A {
        @Tool()
        m(@Param('a') @Ctx() a: string) {
          return a;
        }
      }
      return A;
    });
    expect(error.message).toMatch(/A\.m: parameter #0 \(a\) has .*@Param.*@Ctx|A\.m: parameter #0 \(a\) has .*@Ctx.*@Param/);
  });

  it('refuses two @Args', () => {
    const error = userError(() => {
      class A {
        @Tool()
        m(@Args() a: object, @Args() b: object) {
          return [a, b];
        }
      }
      return A;
    });
    expect(error.message).toMatch(/@Args is on parameters #0 \(a\) and #1 \(b\).*Fix: merge them/);
  });

  it('refuses @Args mixed with @Param', () => {
    const error = userError(() => {
      class A {
        @Tool()
        m(@Args() a: object, @Param('b') b: string) {
          return [a, b];
        }
      }
      return A;
    });
    expect(error.message).toMatch(/@Args \(parameter #0 \(a\)\) is mixed with @Param \(parameter #1 \(b\)\)/);
  });

  it('refuses duplicate @Param names', () => {
    const error = userError(() => {
      class A {
        @Tool()
        m(@Param('x') a: string, @Param('x') b: string) {
          return a + b;
        }
      }
      return A;
    });
    expect(error.message).toMatch(/parameters #0 \(a\) and #1 \(b\) are both named "x".*unique/);
  });

  it('refuses an invalid tool name', () => {
    const error = userError(() => {
      class A {
        @Tool({ name: 'not valid!' })
        m() {
          return 1;
        }
      }
      return A;
    });
    expect(error.message).toMatch(/@Tool on A\.m: tool name "not valid!" may only contain.*Fix: pass a valid name/);
  });

  it('refuses forbidden @Param names and @Param on constructors', () => {
    expect(userError(() => {
      class A {
        @Tool()
        m(@Param('__proto__') a: string) {
          return a;
        }
      }
      return A;
    }).message).toMatch(/prototype pollution/);
    const decorate = Param('x') as (target: object, key: undefined, index: number) => void;
    expect(userError(() => decorate(class B {}, undefined, 0)).message).toMatch(/constructor parameter of B/);
  });

  it('refuses a prefix with invalid characters', () => {
    expect(userError(() => Toolkit({ prefix: 'we ather' })(class A {})).message).toMatch(/prefix "we ather"/);
  });

  describe('fails fast on a broken environment', () => {
    it('when reflect-metadata is not loaded', () => {
      const reflect = Reflect as unknown as Record<string, unknown>;
      const saved = reflect.getMetadata;
      delete reflect.getMetadata;
      try {
        // What TypeScript's __decorate does (the transformer applies a tool whose only decorators
        // are @Tool and @Param directly, which needs no metadata: see the test below).
        const error = userError(() => {
          class A {
            m(a: string) {
              return a;
            }
          }
          Param('a')(A.prototype, 'm', 0);
          Tool()(A.prototype, 'm', Object.getOwnPropertyDescriptor(A.prototype, 'm') as PropertyDescriptor);
          return A;
        });
        expect(error.message).toMatch(/reflect-metadata.*import 'reflect-metadata'/);
      } finally {
        reflect.getMetadata = saved;
      }
    });

    it('but not for a tool the transformer applies directly, which reads no metadata', () => {
      const reflect = Reflect as unknown as Record<string, unknown>;
      const saved = reflect.getMetadata;
      delete reflect.getMetadata;
      try {
        class Direct {
          @Tool()
          m(@Param('a') a: string, @Ctx() ctx?: unknown) {
            return [a, ctx === undefined];
          }
        }
        expect(toolsOf(new Direct()).map((tool) => tool.name)).toEqual(['m']);
      } finally {
        reflect.getMetadata = saved;
      }
    });

    it('applied directly with its parameter decorators, counts the parameters from them and names a bad one', () => {
      const direct = (parameters: unknown) => {
        class D {
          m(a: string, b?: string) {
            return [a, b];
          }
        }
        // As the transformer emits it: no descriptor (the decorator reads it).
        const schema = '{"parameters":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a"]}}';
        (Tool({}, schema, parameters as never) as (target: object, key: string) => void)(D.prototype, 'm');
        return D;
      };
      expect(toolsOf(new (direct([Param('a'), Param('b')]))()).map((tool) => tool.parameters.required)).toEqual([['a', 'b']]);
      // A hole is an undecorated parameter: reported as without a transformer.
      expect(userError(() => direct([Param('a'), undefined])).message).toMatch(/@Tool on D\.m: parameter #1 \(b\) has no @Param, @Args or @Ctx decorator/);
      expect(userError(() => direct('a')).message).toMatch(/@Tool on D\.m: the third argument must be the array of the method's parameter decorators/);
      expect(userError(() => direct([Param('a'), 'b'])).message).toMatch(/parameter #1 of the third argument is not a parameter decorator/);
    });

    describe('when no design:paramtypes is emitted (emitDecoratorMetadata off, or esbuild, tsx, Vite)', () => {
      function plainClass(name: string): new () => { m(a: string): string } {
        const Plain = { [name]: class { m(a: string) { return a; } } }[name];
        const proto = Plain.prototype;
        Param('a')(proto, 'm', 0);
        Tool()(proto, 'm', Object.getOwnPropertyDescriptor(proto, 'm') as PropertyDescriptor);
        return Plain;
      }

      it('defines the class, and building its tools without a schema names the generated module and the flags', () => {
        const Plain = plainClass('NoMetadata');
        const error = userError(() => toolsOf(new Plain()));
        expect(error.message).toMatch(/NoMetadata\.m: no schema is known for it .*parameter types are unknown/);
        expect(error.message).toContain('toolwright scan -p tsconfig.json --emit src/toolwright.schemas.ts');
        expect(error.message).toContain('"emitDecoratorMetadata": true');
      });

      it('builds the tools from a manifest registered after the class was defined (a generated module)', () => {
        const Plain = plainClass('LateManifest');
        loadSchemaManifest({ version: 1, tools: { 'LateManifest.m': { parameters: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } } } });
        expect(toolsOf(new Plain()).map((tool) => tool.parameters)).toEqual([
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
        ]);
      });
    });

    it('but accepts a missing design:paramtypes when the schema is embedded', () => {
      class Embedded {
        m(a: string) {
          return a;
        }
      }
      const proto = Embedded.prototype;
      Param('a')(proto, 'm', 0);
      const descriptor = Object.getOwnPropertyDescriptor(proto, 'm') as PropertyDescriptor;
      Tool({}, { parameters: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } })(proto, 'm', descriptor);
      expect(getMetadataStorage().toolsOf(Embedded).get('m')?.parameterCount).toBe(1);
    });

    it('when experimentalDecorators is off (TC39 decorator call)', () => {
      const tc39 = Tool() as unknown as (value: unknown, context: unknown) => void;
      expect(userError(() => tc39(() => 1, { kind: 'method', name: 'm' })).message).toMatch(/experimentalDecorators/);
    });
  });

  it('accepts @Ctx anywhere and does not count it as an argument', () => {
    class A {
      @Tool()
      m(@Ctx() ctx: ToolContext, @Param('a') a: string) {
        return [ctx, a];
      }
    }
    expect(getMetadataStorage().parametersOf(A, 'm').map((p) => p.kind).sort()).toEqual(['ctx', 'param']);
  });
});
