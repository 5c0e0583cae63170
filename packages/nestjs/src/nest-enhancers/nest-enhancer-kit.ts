import type { ApplicationConfig } from '@nestjs/core';
import { type ModulesContainer } from '@nestjs/core';
import { ExternalExceptionFilterContext } from '@nestjs/core/exceptions/external-exception-filter-context';
import { GuardsConsumer, GuardsContextCreator } from '@nestjs/core/guards';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import type { NestContainer } from '@nestjs/core/injector/container';
import { InterceptorsConsumer, InterceptorsContextCreator } from '@nestjs/core/interceptors';
import { PipesConsumer, PipesContextCreator } from '@nestjs/core/pipes';

/**
 * Nest's own machinery for handlers outside HTTP, as `@nestjs/graphql` and the microservices
 * package use it: the context creators that find a handler's guards, interceptors, pipes and
 * exception filters (class and method metadata, resolved in the handler's module), and the
 * `ExternalContextCreator` that runs interceptors and pipes around the method.
 *
 * With `config` (the application's), global enhancers (`app.useGlobalGuards(...)`, `APP_GUARD`,
 * ...) apply too; without it only those declared on the toolkit class and its methods.
 *
 * @internal
 */
export class NestEnhancerKit {
  readonly guards: GuardsContextCreator;
  readonly interceptors: InterceptorsContextCreator;
  readonly pipes: PipesContextCreator;
  readonly filters: ExternalExceptionFilterContext;
  readonly external: ExternalContextCreator;

  constructor(readonly modules: ModulesContainer, config: ApplicationConfig | undefined) {
    // The context creators use their container for its modules only (`getModules()`).
    const container = { getModules: () => modules, applicationConfig: config } as unknown as NestContainer;
    this.guards = new GuardsContextCreator(container, config);
    this.interceptors = new InterceptorsContextCreator(container, config);
    this.pipes = new PipesContextCreator(container, config);
    this.filters = new ExternalExceptionFilterContext(container, config);
    this.external = new ExternalContextCreator(
      this.guards, new GuardsConsumer(), this.interceptors, new InterceptorsConsumer(), modules, this.pipes, new PipesConsumer(), this.filters,
    );
  }
}

/**
 * The application's `ApplicationConfig` (where global enhancers are registered), read from the
 * `ExternalContextCreator` Nest provides, which keeps its container. @internal
 */
export function applicationConfigOf(provided: ExternalContextCreator): ApplicationConfig | undefined {
  return (provided as unknown as { container?: { applicationConfig?: ApplicationConfig } }).container?.applicationConfig;
}
