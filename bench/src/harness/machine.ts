import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Where the run happened, for the report. */
export interface MachineInfo {
  date: string;
  node: string;
  platform: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  loadBefore: number[];
  loadAfter?: number[];
}

/** The machine as it is now. */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} (${process.arch})`,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadBefore: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/**
 * The installed version of `name` as resolved from the bench workspace (walks up from the
 * resolved entry point to the package.json carrying that name).
 */
export function installedVersion(name: string): string {
  try {
    let dir = path.dirname(require.resolve(name, { paths: [path.join(__dirname, '..', '..')] }));
    for (;;) {
      const file = path.join(dir, 'package.json');
      if (fs.existsSync(file)) {
        const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name && pkg.version) return pkg.version;
      }
      const parent = path.dirname(dir);
      if (parent === dir) return 'not found';
      dir = parent;
    }
  } catch {
    return 'not installed';
  }
}
