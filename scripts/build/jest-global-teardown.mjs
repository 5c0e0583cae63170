// Jest's globalTeardown: stops the servers the run's suites shared (scripts/build/shared-backends.mjs),
// then deletes the run's temporary directory (scripts/build/test-tmpdir.mjs).
import { SHARED_BACKENDS_ENV, stopSharedBackends } from './shared-backends.mjs';
import { removeTestTmpdir, TEST_TMPDIR_ENV } from './test-tmpdir.mjs';

export default async function stopSharedServers() {
  await stopSharedBackends(process.env[SHARED_BACKENDS_ENV]);
  removeTestTmpdir(process.env[TEST_TMPDIR_ENV]);
}
