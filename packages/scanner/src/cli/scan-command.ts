import * as fs from 'fs';
import * as path from 'path';
import { formatDiagnostic } from '../diagnostics/scan-diagnostic';
import { buildManifest, compareManifests, hasDrift, MANIFEST_FILE, readManifest, serializeManifest } from '../manifest/manifest';
import { scanTools } from '../scan/scan-tools';
import type { CliIo } from './cli-io';

/** `toolwright scan`: writes (or with `check`, verifies) the manifest; returns the exit code. */
export function scanCommand(options: { project: string; out?: string; check: boolean }, io: CliIo): number {
  const project = path.resolve(io.cwd, options.project);
  const configDir = fs.existsSync(project) && fs.statSync(project).isDirectory() ? project : path.dirname(project);
  const out = path.resolve(io.cwd, options.out ?? path.join(configDir, MANIFEST_FILE));
  const result = scanTools(project);
  for (const diagnostic of result.diagnostics) io.stderr(`${formatDiagnostic(diagnostic, io.cwd)}\n`);
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.category === 'error').length;
  if (errors > 0) {
    io.stderr(`toolwright scan: ${errors} error${errors === 1 ? '' : 's'}; ${path.relative(io.cwd, out)} was not ${options.check ? 'checked' : 'written'}\n`);
    return 1;
  }
  const manifest = buildManifest(result.tools);
  const shown = path.relative(io.cwd, out) || out;
  if (options.check) {
    const drift = compareManifests(readManifest(out), manifest);
    if (!hasDrift(drift)) {
      io.stdout(`toolwright scan --check: ${shown} is up to date (${result.tools.length} tools)\n`);
      return 0;
    }
    const lines = [
      ...drift.stale.map((key) => `  stale     ${key}  (its schema changed)`),
      ...drift.missing.map((key) => `  missing   ${key}  (not in the manifest)`),
      ...drift.orphaned.map((key) => `  orphaned  ${key}  (no such tool any more)`),
    ];
    io.stderr(`toolwright scan --check: ${shown} is out of date:\n${lines.join('\n')}\nFix: run toolwright scan -p ${options.project}${options.out ? ` --out ${options.out}` : ''}\n`);
    return 1;
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, serializeManifest(manifest));
  io.stdout(`toolwright scan: wrote ${result.tools.length} tool schema${result.tools.length === 1 ? '' : 's'} to ${shown}\n`);
  return 0;
}
