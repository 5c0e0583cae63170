import { lazyModule } from './lazy-module';

/**
 * `node:crypto`, loaded on first use (a run's id, signing or verifying a run state). Unlike `fs`
 * or `path` it is not loaded by Node's start-up: requiring it pulls in about 35 internal modules
 * (streams included), some 7 ms, which importing `@toolwright/core` should not pay.
 *
 * @internal
 */
export const nodeCrypto = lazyModule(() => require('node:crypto') as typeof import('node:crypto'));
