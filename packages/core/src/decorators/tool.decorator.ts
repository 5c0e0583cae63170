import { UserError } from '../errors/user.error';
import type { EmbeddedToolSchema } from '../metadata/embedded-schema';
import { DESIGN_PARAMTYPES } from '../metadata/metadata-keys';
import { getMetadataStorage } from '../metadata/metadata-storage';
import { checkEmbeddedSchema } from '../metadata/embedded-schema-check';
import { copyOptions, NO_OPTIONS } from '../metadata/options-copy';
import { ToolRecord } from '../metadata/tool-record';
import type { Tool as ToolObject } from '../contracts/tool';
import type { ToolOptions } from '../contracts/tool-options';
import { annotationProblem } from '../tool/tool-annotations';
import { rateLimitProblem } from '../limits/rate-limit-problem';
import { toolNameProblem, toSnakeCase } from '../tool/tool-name';
import { checkToolParameters, parametersPlainlyValid } from './check-tool-parameters';
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
 * The second and third arguments are written by the `@toolwright/scanner` transformer; code does
 * not normally pass them by hand. The second is the schema generated from the TypeScript types (as
 * JSON text, parsed when the tool is first built, or as an object). The third holds the method's
 * parameter decorators, one per parameter in order, when the transformer applies the decorator
 * directly (`Tool(options, schema, [Param('city')])(this.prototype, 'getWeather')` in a static block)
 * instead of through TypeScript's `__decorate`: the decorator then applies them itself, last
 * parameter first as TypeScript does, and takes the method's parameter count from their number, so
 * neither `design:*` metadata nor `reflect-metadata` is needed.
 *
 * @example
 * @Tool({ timeoutMs: 10_000 })
 * getWeather(@Param('city') city: string) { ... }
 */
export function Tool(options?: ToolOptions, embedded?: EmbeddedToolSchema | string, parameters?: ReadonlyArray<ParameterDecorator | undefined>): MethodDecorator {
  return (target: object, propertyKey: string | symbol, given?: PropertyDescriptor): void => {
    if (typeof propertyKey !== 'string' || typeof target === 'function') {
      assertLegacyDecorator('@Tool', propertyKey);
      assertToolMember('@Tool', target, propertyKey);
    }
    if (parameters === undefined) assertReflectMetadata('@Tool');
    // Built only for a message: @Tool runs once per tool method when classes are defined.
    const where = (): string => describeMethod(target, propertyKey);
    const descriptor = given ?? Object.getOwnPropertyDescriptor(target, propertyKey);
    if (parameters !== undefined) applyParameterDecorators(parameters, target, propertyKey, where);
    if (typeof descriptor?.value !== 'function') {
      throw new UserError(`@Tool on ${where()}: only methods can be tools (not accessors or fields). Fix: turn it into a method.`);
    }
    if (options !== undefined && (typeof options !== 'object' || options === null)) {
      throw new UserError(`@Tool on ${where()}: options must be an object, e.g. @Tool({ description: '...' }).`);
    }
    // Text is checked when it is parsed (when the tool is built), so defining a class stays cheap.
    if (embedded !== undefined && typeof embedded !== 'string') checkEmbeddedSchema(embedded, `@Tool on ${where()}`);
    const ctor = (target as { constructor: Function }).constructor;
    const storage = getMetadataStorage();
    if (storage.toolsOf(ctor).has(propertyKey)) {
      throw new UserError(`@Tool on ${where()}: the method already has @Tool. Fix: keep one @Tool decorator.`);
    }

    // Absent options (what the transformer passes for `@Tool()`) allocate nothing.
    const copied = options === undefined ? NO_OPTIONS : copyOptions(options);
    const name = copied.name ?? toSnakeCase(propertyKey);
    const problem = toolNameProblem(name);
    if (problem) {
      throw new UserError(`@Tool on ${where()}: ${problem}. Fix: pass a valid name, e.g. @Tool({ name: 'get_weather' }).`);
    }
    if (copied !== NO_OPTIONS) checkOptions(copied, where);

    const recorded = storage.parametersOf(ctor, propertyKey);
    let parameterCount: number;
    let paramTypes: unknown[] | undefined;
    if (parameters !== undefined) {
      parameterCount = parameters.length;
    } else {
      paramTypes = readDesignMetadata(DESIGN_PARAMTYPES, target, propertyKey) as unknown[] | undefined;
      parameterCount = paramTypes?.length ?? Math.max(descriptor.value.length, recorded.reduce((max, p) => Math.max(max, p.index), -1) + 1);
    }
    if (!parametersPlainlyValid(parameterCount, recorded)) {
      checkToolParameters({ where, parameterCount, parameters: recorded, names: () => parameterNamesOf(descriptor.value) });
    }

    // Without design:paramtypes (esbuild, tsx, Vite emit none) the schema can still come from a
    // manifest or generated module loaded later, before the tool is built: building the tool,
    // not defining the class, fails when no schema is known (see declaredSchemaOf).

    storage.collectTool(new ToolRecord({ target: ctor, method: propertyKey, name, options: copied, embedded, paramTypes, parameterCount }));
  };
}

/** The checks of `@Tool` options that set anything (most set nothing: see `copyOptions`). */
function checkOptions(options: ToolOptions, where: () => string): void {
  if (options.description !== undefined && typeof options.description !== 'string') {
    throw new UserError(`@Tool on ${where()}: description must be a string.`);
  }
  if (options.strict !== undefined && typeof options.strict !== 'boolean') {
    throw new UserError(`@Tool on ${where()}: strict must be true or false.`);
  }
  const annotations = annotationProblem(options);
  if (annotations) throw new UserError(`@Tool on ${where()}: ${annotations.what}. Fix: ${annotations.fix}.`);
  const limit = options.rateLimit === undefined ? undefined : rateLimitProblem(options.rateLimit);
  if (limit) throw new UserError(`@Tool on ${where()}: ${limit.what}. Fix: ${limit.fix}.`);
}

/**
 * Applies the parameter decorators the transformer passes to a directly applied `@Tool`, in the
 * order TypeScript's `__decorate` would (last parameter first). A hole is an undecorated
 * parameter, which the parameter check then reports.
 */
function applyParameterDecorators(parameters: ReadonlyArray<ParameterDecorator | undefined>, target: object, propertyKey: string, where: () => string): void {
  if (!Array.isArray(parameters)) {
    throw new UserError(`@Tool on ${where()}: the third argument must be the array of the method's parameter decorators (written by the @toolwright/scanner transformer). Fix: rebuild, or leave it out.`);
  }
  for (let index = parameters.length - 1; index >= 0; index--) {
    const decorator = parameters[index];
    if (decorator === undefined) continue;
    if (typeof decorator !== 'function') {
      throw new UserError(`@Tool on ${where()}: parameter #${index} of the third argument is not a parameter decorator. Fix: rebuild with the @toolwright/scanner transformer.`);
    }
    decorator(target, propertyKey, index);
  }
}
