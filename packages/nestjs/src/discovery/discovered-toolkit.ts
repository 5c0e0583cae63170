import type { InjectionToken } from '@nestjs/common';

/** How Toolwright holds a discovered toolkit provider. */
export type ToolkitScope = 'singleton' | 'transient';

/** A toolkit provider found in the application, as listed by `ToolkitRegistry.list()`. */
export interface DiscoveredToolkit {
  /** The `@Toolkit({ name })`, or the class name. */
  name: string;
  /** The provider's injection token (usually the class). */
  token: InjectionToken;
  /** The class of the instance (may be a subclass of the token, e.g. with `useClass`). */
  toolkitClass: Function;
  /** The name of the module that provides it. */
  module: string;
  scope: ToolkitScope;
  /** `true` when the provider is a test double standing in for `toolkitClass` (`overrideProvider(...).useValue(...)`). */
  mocked: boolean;
  /** The `@Tool` methods found by Nest's metadata scanner, inherited ones included. */
  methods: string[];
  /** The names of the tools it offers (prefix, inheritance and `@HideTool` applied). */
  tools: string[];
}
