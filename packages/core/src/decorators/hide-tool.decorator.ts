import { UserError } from '../errors/user.error';
import { getMetadataStorage } from '../metadata/metadata-storage';
import { assertLegacyDecorator } from './decorator-environment';
import { describeClass } from './decorated-member';

/**
 * Drops inherited tools from a subclass (and its own subclasses, unless one re-declares the
 * tool with `@Tool`). Names are method names or unprefixed tool names.
 *
 * @example
 * @HideTool('deleteFile')
 * class ReadOnlyFiles extends FileTools {}
 */
export function HideTool(...names: string[]): ClassDecorator {
  return ((target: Function, context?: unknown) => {
    assertLegacyDecorator('@HideTool', context);
    const where = `@HideTool on ${describeClass(target)}`;
    if (names.length === 0) throw new UserError(`${where}: name at least one method or tool to hide, e.g. @HideTool('deleteFile').`);
    for (const name of names) {
      if (typeof name !== 'string' || name === '') throw new UserError(`${where}: names must be non-empty strings.`);
    }
    getMetadataStorage().collectHiddenTools({ kind: 'hide', target, names: [...names] });
  }) as ClassDecorator;
}
