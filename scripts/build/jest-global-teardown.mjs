// Jest's globalTeardown: stops the servers the run's suites shared (scripts/build/shared-backends.mjs).
import { SHARED_BACKENDS_ENV, stopSharedBackends } from './shared-backends.mjs';

export default async function stopSharedServers() {
  await stopSharedBackends(process.env[SHARED_BACKENDS_ENV]);
}
