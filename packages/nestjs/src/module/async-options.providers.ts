import type { Provider } from '@nestjs/common';
import { UserError } from '@toolwright/core';
import { TOOLWRIGHT_MODULE_OPTIONS } from '../constants/toolwright.constants';
import type { ToolwrightModuleAsyncOptions, ToolwrightModuleOptions, ToolwrightOptionsFactory } from '../options/toolwright-module-options';

/**
 * The providers of the module options for `forRootAsync`: from `useFactory` (with `inject`),
 * from a `ToolwrightOptionsFactory` the module creates (`useClass`) or one provided elsewhere
 * (`useExisting`). Exactly one of the three. @internal
 */
export function asyncOptionsProviders(options: ToolwrightModuleAsyncOptions): Provider[] {
  const given = (['useFactory', 'useClass', 'useExisting'] as const).filter((k) => options?.[k] !== undefined);
  if (given.length !== 1) {
    throw new UserError(
      `ToolwrightModule.forRootAsync needs exactly one of useFactory, useClass and useExisting${given.length > 1 ? `, got ${given.join(' and ')}` : ''}. ` +
        'Fix: e.g. forRootAsync({ imports: [ConfigModule], inject: [ConfigService], useFactory: (config) => ({ model: ... }) }).',
    );
  }
  if (options.useFactory !== undefined) {
    return [{ provide: TOOLWRIGHT_MODULE_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory }];
  }
  const factoryClass = (options.useClass ?? options.useExisting)!;
  const fromFactory = {
    provide: TOOLWRIGHT_MODULE_OPTIONS,
    inject: [factoryClass],
    useFactory: (factory: ToolwrightOptionsFactory): ToolwrightModuleOptions | Promise<ToolwrightModuleOptions> => {
      if (typeof factory?.createToolwrightOptions !== 'function') {
        throw new UserError(`ToolwrightModule.forRootAsync: ${factoryClass.name} has no createToolwrightOptions() method. Fix: implement ToolwrightOptionsFactory.`);
      }
      return factory.createToolwrightOptions();
    },
  };
  return options.useClass !== undefined ? [options.useClass, fromFactory] : [fromFactory];
}
