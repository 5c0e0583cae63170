import { Inject, type FactoryProvider } from '@nestjs/common';
import { MemoryRunStore, UserError, type RunStore } from '@toolwright/core';
import { TOOLWRIGHT_MODULE_OPTIONS } from '../constants/toolwright.constants';
import type { ToolwrightModuleOptions } from '../options/toolwright-module-options';

/** Injection token of the application's `RunStore` (`ToolwrightModule.forRoot({ store })`). */
export const RUN_STORE = Symbol.for('toolwright:nestjs:run-store');

/**
 * Injects the application's `RunStore`: the one given to `ToolwrightModule.forRoot({ store })`,
 * or an in-memory store when none was given (one process only).
 *
 * @example
 * constructor(private readonly runner: Runner, @InjectRunStore() private readonly store: RunStore) {}
 * // paused = await this.runner.run(agent, input, { store: this.store });
 * // later, on any replica: await this.runner.resume(agent, runId, { store: this.store });
 */
export function InjectRunStore(): ParameterDecorator & PropertyDecorator {
  return Inject(RUN_STORE);
}

/** The `RUN_STORE` provider of `ToolwrightModule`. @internal */
export const runStoreProvider: FactoryProvider<RunStore> = {
  provide: RUN_STORE,
  inject: [TOOLWRIGHT_MODULE_OPTIONS],
  useFactory: (options: ToolwrightModuleOptions): RunStore => {
    const store = options.store;
    if (store === undefined) return new MemoryRunStore();
    const s = store as Partial<RunStore> | null;
    if (typeof s !== 'object' || s === null || typeof s.claim !== 'function' || typeof s.save !== 'function' || typeof s.beginCall !== 'function') {
      throw new UserError('ToolwrightModule options: store must be a RunStore (new PostgresRunStore(...), new RedisRunStore(...), new MemoryRunStore()).');
    }
    return store;
  },
};
