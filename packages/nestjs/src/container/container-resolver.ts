import { Inject, type InjectionToken } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import { UnknownDependenciesException } from '@nestjs/core/errors/exceptions/unknown-dependencies.exception';

/**
 * Resolves `token` the way a constructor parameter declared in the module of `moduleRef` would
 * be resolved: from that module's providers, the exports of its imports and global modules.
 * Returns `undefined` when the token is not visible there. Unlike `moduleRef.get`, this waits
 * for the provider to be instantiated, so it is safe while the application is still starting.
 *
 * @internal
 */
export async function resolveVisible<T>(moduleRef: ModuleRef, token: InjectionToken): Promise<T | undefined> {
  const holder = holderFor(token);
  try {
    const instance = (await moduleRef.create(holder)) as { value: T };
    return instance.value;
  } catch (error) {
    if (error instanceof UnknownDependenciesException && error.type === holder.name) return undefined;
    throw error;
  }
}

const holders = new Map<InjectionToken, new (value: unknown) => { value: unknown }>();

/** A class whose only constructor parameter is `token`; creating it resolves the token. */
function holderFor(token: InjectionToken): new (value: unknown) => { value: unknown } {
  let holder = holders.get(token);
  if (holder === undefined) {
    const name = `ToolwrightResolve(${describeToken(token)})`;
    const created = {
      [name]: class {
        constructor(readonly value: unknown) {}
      },
    }[name];
    Inject(token)(created, undefined as unknown as string, 0);
    holder = created;
    holders.set(token, holder);
  }
  return holder;
}

/** A readable name for an injection token. @internal */
export function describeToken(token: InjectionToken): string {
  if (typeof token === 'function') return token.name || '<anonymous class>';
  return String(token);
}
