import { join } from 'node:path';
import { buildIfStale } from '../../../../test-support/build-if-stale';

/** The repository's root. */
export const ROOT = join(__dirname, '..', '..', '..', '..');

/**
 * Rebuilds core, redis and bullmq where a source is newer than the build: the worker processes
 * of the cross-process suites load the compiled packages (see `buildIfStale`).
 */
export function ensurePackageBuilds(): void {
  buildIfStale(['core', 'redis', 'bullmq']);
}
