// Stops a jest run's shared servers when jest is gone without its global teardown.
// Usage (by shared-backends.mjs): node shared-backends-watchdog.mjs <dir> <jest pid>.
// It exits on its own once the directory is gone (the teardown deletes it).
import fs from 'node:fs';
import { stopSharedBackends } from './shared-backends.mjs';

const [dir, jestPid] = process.argv.slice(2);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const timer = setInterval(() => {
  if (!fs.existsSync(dir)) {
    clearInterval(timer);
  } else if (!alive(Number(jestPid))) {
    clearInterval(timer);
    void stopSharedBackends(dir);
  }
}, 1_000);
