import { UserError } from '../errors/user.error';
import type { EmbeddedToolSchema } from '../metadata/embedded-schema';
import { DESIGN_PARAMTYPES } from '../metadata/metadata-keys';
import { getMetadataStorage } from '../metadata/metadata-storage';
import { checkEmbeddedSchema } from '../metadata/embedded-schema-check';
import { copyOptions } from '../metadata/options-copy';
import { ToolRecord } from '../metadata/tool-record';
import type { Tool as ToolObject } from '../contracts/tool';
import type { ToolOptions } from '../contracts/tool-options';
import { annotationProblem } from '../tool/tool-annotations';
import { toolNameProblem, toSnakeCase } from '../tool/tool-name';
import { checkToolParameters } from './check-tool-parameters';
import { assertLegacyDecorator, assertReflectMetadata, readDesignMetadata } from './decorator-environment';
import { assertToolMember, describeMethod, parameterNamesOf } from './decorated-member';

/**
 * A tool as the runner sees it (see `tool/tool.ts`). Declared here too so that the one public
 * name `Tool` is both this type and the `@Tool` decorator.
 */
export type Tool<TContext = any> = ToolObject<TContext>;

/**
 * Marks a method as a tool. The name defaults to the method name in snake_case (plus the
 * toolkit's prefix), the description to the method's JSDoc summary. Parameters carry `@Param`,
 * `@Args` or `@Ctx`; this is checked here, when the class is defined.
 *
 * The second argument is written by the `@toolwright/scanner` transformer (the schema generated
 * from the TypeScript types, as JSON text that is parsed when the tool is first built, or as an
 * object); code does not normally pass it by hand.
 *
 * @example
 * @Tool({ timeoutMs: 10_000 })
 * getWeather(@Param('city') city: string) { ... }
 */
export function Tool(options: ToolOptions = {}, embedded?: EmbeddedToolSchema | string): MethodDecorator {
  return (target: object, propertyKey: string | symbol, descriptor: PropertyDescriptor): void => {
    assertLegacyDecorator('@Tool', propertyKey);
    assertReflectMetadata('@Tool');
    assertToolMember('@Tool', target, propertyKey);
    const where = describeMethod(target, propertyKey);
    if (typeof descriptor?.value !== 'function') {
      throw new UserError(`@Tool on ${where}: only methods can be tools (not accessors or fields). Fix: turn it into a method.`);
    }
    if (typeof options !== 'object' || options === null) {
      throw new UserError(`@Tool on ${where}: options must be an object, e.g. @Tool({ description: '...' }).`);
    }
    // Text is checked when it is parsed (when the tool is built), so defining a class stays cheap.
    if (embedded !== undefined && typeof embedded !== 'string') checkEmbeddedSchema(embedded, `@Tool on ${where}`);
    const ctor = (target as { constructor: Function }).constructor;
    const storage = getMetadataStorage();
    if (storage.toolsOf(ctor).has(propertyKey)) {
      throw new UserError(`@Tool on ${where}: the method already has @Tool. Fix: keep one @Tool decorator.`);
    }

    const name = options.name ?? toSnakeCase(propertyKey);
    const problem = toolNameProblem(name);
    if (problem) {
      throw new UserError(`@Tool on ${where}: ${problem}. Fix: pass a valid name, e.g. @Tool({ name: 'get_weather' }).`);
    }
    if (options.description !== undefined && typeof options.description !== 'string') {
      throw new UserError(`@Tool on ${where}: description must be a string.`);
    }
    if (options.strict !== undefined && typeof options.strict !== 'boolean') {
      throw new UserError(`@Tool on ${where}: strict must be true or false.`);
    }
    const annotations = annotationProblem(options);
    if (annotations) throw new UserError(`@Tool on ${where}: ${annotations.what}. Fix: ${annotations.fix}.`);

    const parameters = storage.parametersOf(ctor, propertyKey);
    const paramTypes = readDesignMetadata(DESIGN_PARAMTYPES, target, propertyKey) as unknown[] | undefined;
    const highestIndex = parameters.reduce((max, p) => Math.max(max, p.index), -1);
    const parameterCount = paramTypes?.length ?? Math.max(descriptor.value.length, highestIndex + 1);
    checkToolParameters({ where, parameterCount, parameters, names: () => parameterNamesOf(descriptor.value) });

    // Without design:paramtypes (esbuild, tsx, Vite emit none) the schema can still come from a
    // manifest or generated module loaded later, before the tool is built: building the tool,
    // not defining the class, fails when no schema is known (see declaredSchemaOf).

    storage.collectTool(new ToolRecord({ target: ctor, method: propertyKey, name, options: copyOptions(options), embedded, paramTypes, parameterCount }));
  };
}
