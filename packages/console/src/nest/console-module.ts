import { UserError } from '@toolwright/core';
import { createConsole, type ToolwrightConsole } from '../console/create-console';
import type { ConsoleOptions } from '../options/console-options';

/** Options of `ToolwrightConsoleModule.forRoot`: the console's, `basePath` required (e.g. `/console`). */
export interface ConsoleModuleOptions extends ConsoleOptions {
  basePath: string;
}

/** The part of Nest's `MiddlewareConsumer` the module uses. */
interface MiddlewareConsumerLike {
  apply(...middleware: unknown[]): { forRoutes(...routes: unknown[]): unknown };
}

/**
 * What `forRoot` returns: a Nest `DynamicModule` (typed here without importing Nest, and assignable
 * to Nest's own type in `@Module({ imports })`).
 */
export interface ConsoleDynamicModule {
  module: typeof ToolwrightConsoleModule;
  global: boolean;
  providers: Array<{ provide: string; useValue: ToolwrightConsole }>;
  exports: string[];
}

/**
 * The console in a NestJS application: `imports: [ToolwrightConsoleModule.forRoot({ store, agents,
 * authorize, basePath: '/console' })]` mounts its handler as middleware under `basePath`. Needs
 * no Nest import of its own (it works with the application's `@nestjs/common`).
 *
 * @example
 * @Module({ imports: [ToolwrightConsoleModule.forRoot({ store, agents: [agent], authorize, basePath: '/console' })] })
 * class AppModule {}
 */
export class ToolwrightConsoleModule {
  /** The console of this module (set by `forRoot`). */
  static readonly console?: ToolwrightConsole;

  /** A dynamic module serving the console under `options.basePath`. */
  static forRoot(options: ConsoleModuleOptions): ConsoleDynamicModule {
    if (typeof options?.basePath !== 'string' || options.basePath === '' || options.basePath === '/') {
      throw new UserError('ToolwrightConsoleModule.forRoot({ basePath }): give the console its own path, e.g. basePath: "/console".');
    }
    const console = createConsole(options);
    // One module class per forRoot call, holding its own console.
    const module = class ToolwrightConsoleModuleInstance extends ToolwrightConsoleModule {
      static override readonly console = console;
      configure(consumer: MiddlewareConsumerLike): void {
        consumer.apply(console.handler).forRoutes({ path: `${console.basePath.slice(1)}/*path`, method: -1 }, { path: console.basePath.slice(1), method: -1 });
      }
    };
    return { module, global: false, providers: [{ provide: 'TOOLWRIGHT_CONSOLE', useValue: console }], exports: ['TOOLWRIGHT_CONSOLE'] };
  }
}
