import { UserError } from '../errors/user.error';
import type { ToolkitOptions } from '../metadata/metadata-definitions';
import { getMetadataStorage } from '../metadata/metadata-storage';
import { assertLegacyDecorator } from './decorator-environment';
import { describeClass } from './decorated-member';

const PREFIX_PATTERN = /^[a-zA-Z0-9_-]{0,63}$/;

/**
 * Marks a class as a toolkit (for discovery, e.g. by the NestJS module) and sets options shared
 * by its tools. Optional: any class with `@Tool` methods works with `toolsOf`.
 *
 * @example
 * @Toolkit({ name: 'weather', prefix: 'weather_' })
 * class WeatherTools { ... }
 */
export function Toolkit(options: ToolkitOptions = {}): ClassDecorator {
  return ((target: Function, context?: unknown) => {
    assertLegacyDecorator('@Toolkit', context);
    const where = `@Toolkit on ${describeClass(target)}`;
    if (typeof options !== 'object' || options === null) throw new UserError(`${where}: options must be an object.`);
    if (options.prefix !== undefined && (typeof options.prefix !== 'string' || !PREFIX_PATTERN.test(options.prefix))) {
      throw new UserError(`${where}: prefix ${JSON.stringify(options.prefix)} may only contain letters, digits, "_" and "-". Fix: e.g. prefix: 'weather_'.`);
    }
    if (options.name !== undefined && (typeof options.name !== 'string' || options.name.trim() === '')) {
      throw new UserError(`${where}: name must be a non-empty string.`);
    }
    if (options.description !== undefined && typeof options.description !== 'string') {
      throw new UserError(`${where}: description must be a string.`);
    }
    getMetadataStorage().collectToolkit({ kind: 'toolkit', target, options: { ...options } });
  }) as ClassDecorator;
}
