import 'reflect-metadata';
import { Body, Get, HttpCode, Injectable, Logger, Module, Param as RouteParam, UseGuards, type CanActivate } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Ctx, Param, Tool, Toolkit, UserError, type ToolContext } from '@toolwright/core';
import { AgentDefinition, ToolwrightModule } from '../src';

@Toolkit({ name: 'orders' })
@Injectable()
class OrdersTools {
  /** Find an order. */
  @Tool()
  findOrder(@Param('id') id: string): string {
    return `order ${id}`;
  }
}

@Module({ providers: [OrdersTools], exports: [OrdersTools] })
class OrdersModule {}

/** A second toolkit with a tool of the same name. */
@Toolkit({ name: 'legacy-orders' })
@Injectable()
class LegacyOrdersTools {
  /** Find an order in the old system. */
  @Tool()
  findOrder(@Param('id') id: string): string {
    return `legacy order ${id}`;
  }
}

@Module({ providers: [LegacyOrdersTools], exports: [LegacyOrdersTools] })
class LegacyModule {}

/** Route decorators on a tool method: harmless, a warning. */
@Injectable()
class RoutedTools {
  @Get('lookup')
  @HttpCode(201)
  @Tool()
  lookup(@Param('id') id: string): string {
    return id;
  }
}

async function initFailure(metadata: Parameters<typeof Test.createTestingModule>[0]): Promise<unknown> {
  try {
    const app = await Test.createTestingModule(metadata).compile();
    app.useLogger(false);
    await app.init();
    await app.close();
  } catch (error) {
    return error;
  }
  throw new Error('start-up was expected to fail');
}

describe('Start-up checks', () => {
  afterEach(() => jest.restoreAllMocks());

  describe('when an agent has two tools of the same name', () => {
    it('fails app.init(), naming the agent, both toolkits and their modules', async () => {
      @AgentDefinition({ name: 'support', tools: [OrdersTools, LegacyOrdersTools] })
      @Injectable()
      class SupportAgent {}
      const error = await initFailure({ imports: [ToolwrightModule.forRoot({}), OrdersModule, LegacyModule], providers: [SupportAgent] });
      expect(error).toBeInstanceOf(UserError);
      expect(String(error)).toMatch(
        /Agent "support" \(SupportAgent \(in RootTestModule\)\) has two tools of the same name: "find_order": one from OrdersTools \(in OrdersModule\), one from LegacyOrdersTools \(in LegacyModule\)/,
      );
      expect(String(error)).toMatch(/@Toolkit\(\{ prefix: 'legacy_' \}\)/);
    });

    it('also when the second one is a tool object', async () => {
      const { defineTool } = await import('@toolwright/core');
      const stray = defineTool({ name: 'find_order', description: 'x', parameters: { type: 'object', properties: {} }, invoke: () => 'x' });
      @AgentDefinition({ name: 'support', tools: [OrdersTools, stray] })
      @Injectable()
      class SupportAgent {}
      const error = await initFailure({ imports: [ToolwrightModule.forRoot({}), OrdersModule], providers: [SupportAgent] });
      expect(String(error)).toMatch(/"find_order": one from OrdersTools \(in OrdersModule\), one from the tool object of defineTool/);
    });
  });

  describe('@nestjs/common decorators on tool methods', () => {
    it('refuses a route parameter decorator on a tool parameter, naming class and method', async () => {
      @Injectable()
      class RouteParamTools {
        @Tool()
        lookup(@Param('id') @Body() id: string): string {
          return id;
        }
      }
      const error = await initFailure({ imports: [ToolwrightModule.forRoot({})], providers: [RouteParamTools] });
      expect(error).toBeInstanceOf(UserError);
      expect(String(error)).toMatch(/Toolwright cannot use the NestJS decorators of RouteParamTools \(in RootTestModule\):\n- RouteParamTools\.lookup: parameter #0 has a route parameter decorator of @nestjs\/common/);
      expect(String(error)).toMatch(/import Param \(or Args, Ctx\) from '@toolwright\/core'/);
    });

    it('fails at class definition when @Param of @nestjs/common stands where Toolwright\'s belongs, saying so', () => {
      expect(() => {
        @Injectable()
        class WrongParamTools {
          @Tool()
          lookup(@RouteParam('id') id: string, @Ctx() ctx: ToolContext): string {
            return `${id} ${ctx.callId}`;
          }
        }
        return WrongParamTools;
      }).toThrow(/@Tool on WrongParamTools\.lookup: parameter #0 \(id\) has no @Param, @Args or @Ctx decorator from @toolwright\/core[\s\S]*@nestjs\/common such as @Param or @Body/);
    });

    it('warns, naming class and method, about route-only decorators that have no effect on a tool', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const app = await Test.createTestingModule({ imports: [ToolwrightModule.forRoot({ logDiscovery: false })], providers: [RoutedTools] }).compile();
      await app.init();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^RoutedTools\.lookup \(RoutedTools \(in RootTestModule\)\) has @Get\/@Post\/\.\.\., @HttpCode, which have no effect on a tool/));
      await app.close();
    });

    it('refuses a Nest guard Nest could not register, on a toolkit provided by a factory', async () => {
      @Injectable()
      class AllowGuard implements CanActivate {
        canActivate(): boolean {
          return true;
        }
      }
      @Injectable()
      class GuardedTools {
        @UseGuards(AllowGuard)
        @Tool()
        lookup(@Param('id') id: string): string {
          return id;
        }
      }
      const error = await initFailure({ imports: [ToolwrightModule.forRoot({})], providers: [{ provide: 'GUARDED', useFactory: () => new GuardedTools() }] });
      expect(String(error)).toMatch(/GuardedTools\.lookup: @UseGuards\(AllowGuard\) was not registered by Nest for this toolkit[\s\S]*provide the toolkit as a class/);
    });
  });
});
