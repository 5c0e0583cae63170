// Stops a jest run's shared servers and deletes its temporary directory when jest is gone without
// its global teardown. Usage (by shared-backends.mjs's watchRun):
// node shared-backends-watchdog.mjs <jest pid> <shared backends dir or -> <run's temp dir or ->.
// It exits on its own once both are gone (the teardown deletes them).
import fs from 'node:fs';
import { stopSharedBackends } from './shared-backends.mjs';
import { removeTestTmpdir } from './test-tmpdir.mjs';

const [jestPid, ...dirs] = process.argv.slice(2);
const [backendsDir, tmpDir] = dirs.map((dir) => (dir === '-' ? undefined : dir));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const timer = setInterval(() => {
  if (![backendsDir, tmpDir].some((dir) => dir && fs.existsSync(dir))) {
    clearInterval(timer);
  } else if (!alive(Number(jestPid))) {
    clearInterval(timer);
    void stopSharedBackends(backendsDir).then(() => removeTestTmpdir(tmpDir));
  }
}, 1_000);
