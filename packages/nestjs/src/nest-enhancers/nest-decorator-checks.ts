import { Scope } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA, GUARDS_METADATA, HEADERS_METADATA, HTTP_CODE_METADATA, INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA, PIPES_METADATA,
  REDIRECT_METADATA, RENDER_METADATA, ROUTE_ARGS_METADATA, SSE_METADATA,
} from '@nestjs/common/constants';
import type { Module } from '@nestjs/core/injector/module';
import { UserError } from '@toolwright/core';

/** The enhancer decorators of `@nestjs/common` Toolwright honours on tool methods and toolkit classes. */
const ENHANCERS: ReadonlyArray<[key: string, decorator: string]> = [
  [GUARDS_METADATA, '@UseGuards'],
  [INTERCEPTORS_METADATA, '@UseInterceptors'],
  [PIPES_METADATA, '@UsePipes'],
  [EXCEPTION_FILTERS_METADATA, '@UseFilters'],
];

/** Route decorators that mean nothing on a tool: it is called by the model, not over HTTP. */
const ROUTE_ONLY: ReadonlyArray<[key: string, decorator: string]> = [
  [METHOD_METADATA, '@Get/@Post/...'],
  [PATH_METADATA, '@Get/@Post/...'],
  [HTTP_CODE_METADATA, '@HttpCode'],
  [HEADERS_METADATA, '@Header'],
  [REDIRECT_METADATA, '@Redirect'],
  [RENDER_METADATA, '@Render'],
  [SSE_METADATA, '@Sse'],
];

/**
 * Checks the `@nestjs/common` decorators on the tool methods of a toolkit class at start-up:
 * - a route parameter decorator (`@Param`, `@Body`, `@Query`, `@Req`, `createParamDecorator`)
 *   on a tool parameter is an error: Toolwright fills parameters from the model's arguments;
 * - an enhancer class (`@UseGuards(RolesGuard)`, ...) that Nest did not register for the toolkit
 *   (a toolkit provided by a factory or a value), or one that is request-scoped, is an error;
 * - route-only decorators (`@Get`, `@HttpCode`, ...) are harmless: a warning.
 *
 * @throws UserError naming the class, the methods and the fix.
 * @internal
 */
export function checkNestDecorators(cls: Function, methods: readonly string[], host: Module, where: string, warn: (message: string) => void): void {
  const problems: string[] = [];
  for (const method of methods) {
    const at = `${cls.name}.${method}`;
    const routeArgs = Reflect.getMetadata(ROUTE_ARGS_METADATA, cls, method) as Record<string, { index: number }> | undefined;
    if (routeArgs !== undefined && Object.keys(routeArgs).length > 0) {
      const indexes = [...new Set(Object.values(routeArgs).map((a) => `#${a.index}`))].join(', ');
      problems.push(
        `${at}: parameter ${indexes} has a route parameter decorator of @nestjs/common (@Param, @Body, @Query, @Req, or one made with createParamDecorator). ` +
          "Tool parameters are filled from the model's arguments by @Param, @Args and @Ctx of @toolwright/core. Fix: import Param (or Args, Ctx) from '@toolwright/core'.",
      );
    }
    const fn = (cls.prototype as Record<string, unknown>)[method] as object;
    const routeOnly = [...new Set(ROUTE_ONLY.filter(([key]) => Reflect.getMetadata(key, fn) !== undefined).map(([, d]) => d))];
    if (routeOnly.length > 0) {
      warn(`${at} (${where}) has ${routeOnly.join(', ')}, which have no effect on a tool: it is called by the model, not over HTTP. Remove them, or put the route in a controller.`);
    }
    for (const [key, decorator] of ENHANCERS) {
      const entries = [...((Reflect.getMetadata(key, cls) as unknown[] | undefined) ?? []), ...((Reflect.getMetadata(key, fn) as unknown[] | undefined) ?? [])];
      for (const entry of entries) {
        if (typeof entry !== 'function') continue;
        const wrapper = host.injectables.get(entry as never);
        if (wrapper === undefined) {
          problems.push(
            `${at}: ${decorator}(${entry.name}) was not registered by Nest for this toolkit. Nest registers the enhancers of a provider when it is provided as a class ` +
              `(the class itself, or { provide, useClass }), not from a factory or a value. Fix: provide the toolkit as a class, or pass an instance: ${decorator}(new ${entry.name}(...)).`,
          );
        } else if (wrapper.scope === Scope.REQUEST || !wrapper.isDependencyTreeStatic()) {
          problems.push(`${at}: ${decorator}(${entry.name}) is request-scoped, but a tool's enhancers are bound once, when the application starts. Fix: remove the request scope; read per-request data from the run context.`);
        }
      }
    }
  }
  if (problems.length > 0) {
    throw new UserError(`Toolwright cannot use the NestJS decorators of ${where}:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
}
