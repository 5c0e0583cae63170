import { UserError } from '@toolwright/core';

/** Why a toolkit provider cannot be used, in one line. @internal */
export interface RefusedToolkit {
  className: string;
  module: string;
  explicit: boolean;
}

/**
 * The error for request-scoped toolkit providers. Tools are bound to an instance once, when the
 * application starts, and a run is not a request; so a toolkit that needs a new instance per
 * request cannot be one.
 *
 * @internal
 */
export function requestScopedToolkitsError(refused: readonly RefusedToolkit[]): UserError {
  const lines = refused.map((r) =>
    r.explicit
      ? `- ${r.className} (in ${r.module}) is declared with scope: Scope.REQUEST.`
      : `- ${r.className} (in ${r.module}) depends, directly or through other providers, on a request-scoped provider (for example REQUEST), which makes it request-scoped too.`,
  );
  return new UserError(
    `Toolwright cannot use request-scoped toolkits:\n${lines.join('\n')}\n` +
      'Toolkits are bound to one instance when the application starts, so they must be singletons (the default scope) or transient.\n' +
      'Potential solutions:\n' +
      '- Remove the request scope and read per-request data (user, tenant, ...) from the run context instead: ' +
      'pass it with runner.run(agent, input, { context }) and receive it in the tool through a @Ctx() parameter (ctx.context).\n' +
      '- Move the request-scoped dependency out of the toolkit, or resolve it per call through ModuleRef.resolve(...) with a context id.',
  );
}
