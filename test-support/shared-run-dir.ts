import * as fs from 'fs';
import * as path from 'path';

/**
 * The directory one jest run's suites share (scripts/build/shared-backends.mjs creates it in the
 * global setup and names it in this variable; the teardown deletes it).
 */
const SHARED_RUN_DIR_ENV = 'TOOLWRIGHT_SHARED_BACKENDS_DIR';

/**
 * `<the run's shared directory>/<name>` under jest, else `fallbackDir` (a suite run on its own,
 * without the global setup; its caller deletes it). Neither is created here.
 */
export function sharedRunFolder(name: string, fallbackDir: string): string {
  const shared = process.env[SHARED_RUN_DIR_ENV];
  return shared && fs.existsSync(shared) ? path.join(shared, name) : fallbackDir;
}
