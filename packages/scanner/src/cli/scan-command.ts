import * as fs from 'fs';
import * as path from 'path';
import { formatDiagnostic } from '../diagnostics/scan-diagnostic';
import { flavorOf, generatedModuleText, manifestOfGeneratedModule } from '../manifest/generated-module';
import { buildManifest, compareManifests, hasDrift, MANIFEST_FILE, readManifest, serializeManifest, type ToolManifest } from '../manifest/manifest';
import { scanTools } from '../scan/scan-tools';
import type { CliIo } from './cli-io';

/** Options of `toolwright scan`. */
export interface ScanCommandOptions {
  project: string;
  /** The JSON manifest to write; default `toolwright.schemas.json` next to the tsconfig unless `emit` is given. */
  out?: string;
  /** The generated module to write (`.ts`, `.mts`, `.cts`, `.js`, `.mjs`, `.cjs`). */
  emit?: string;
  check: boolean;
}

/** One file `scan` writes or checks. */
interface Target {
  kind: 'manifest' | 'module';
  file: string;
  shown: string;
}

/**
 * `toolwright scan`: writes (or with `check`, verifies) the JSON manifest and/or the generated
 * module; returns the exit code. A file whose content would not change is not rewritten, so
 * watchers are not woken up.
 */
export function scanCommand(options: ScanCommandOptions, io: CliIo): number {
  const project = path.resolve(io.cwd, options.project);
  const configDir = fs.existsSync(project) && fs.statSync(project).isDirectory() ? project : path.dirname(project);
  const targets = targetsOf(options, configDir, io.cwd);
  const moduleTarget = targets.find((target) => target.kind === 'module');
  if (moduleTarget) flavorOf(moduleTarget.file); // an unsupported extension fails before the scan
  const result = scanTools(project);
  for (const diagnostic of result.diagnostics) io.stderr(`${formatDiagnostic(diagnostic, io.cwd)}\n`);
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.category === 'error').length;
  if (errors > 0) {
    const files = targets.map((target) => target.shown).join(' and ');
    io.stderr(`toolwright scan: ${errors} error${errors === 1 ? '' : 's'}; ${files} ${targets.length === 1 ? 'was' : 'were'} not ${options.check ? 'checked' : 'written'}\n`);
    return 1;
  }
  const manifest = buildManifest(result.tools, result.outputs, result.members);
  // The module's header names paths from the tsconfig's directory (the same text wherever the
  // scan runs); messages repeat the command as it was typed.
  const command = regenerateCommand(options, (file) => path.relative(configDir, path.resolve(io.cwd, file)).split(path.sep).join('/') || '.');
  const typed = regenerateCommand(options, (file) => file);
  const count = `${result.tools.length} tool${result.tools.length === 1 ? '' : 's'}`;
  let code = 0;
  for (const target of targets) {
    const expected = target.kind === 'manifest' ? serializeManifest(manifest) : generatedModuleText(manifest, { flavor: flavorOf(target.file), command });
    const current = fs.existsSync(target.file) ? fs.readFileSync(target.file, 'utf8') : undefined;
    if (options.check) {
      const problems = checkTarget(target, current, expected, manifest);
      if (problems === undefined) {
        io.stdout(`toolwright scan --check: ${target.shown} is up to date (${count})\n`);
      } else {
        io.stderr(`toolwright scan --check: ${target.shown} is out of date:\n${problems.join('\n')}\nFix: run ${typed}\n`);
        code = 1;
      }
      continue;
    }
    if (current !== expected) {
      fs.mkdirSync(path.dirname(target.file), { recursive: true });
      fs.writeFileSync(target.file, expected);
    }
    io.stdout(`toolwright scan: ${current === expected ? 'unchanged' : 'wrote'} ${result.tools.length} tool schema${result.tools.length === 1 ? '' : 's'} ${current === expected ? 'in' : 'to'} ${target.shown}\n`);
  }
  return code;
}

function targetsOf(options: ScanCommandOptions, configDir: string, cwd: string): Target[] {
  const targets: Target[] = [];
  const shown = (file: string): string => path.relative(cwd, file) || file;
  if (options.out !== undefined || options.emit === undefined) {
    const file = path.resolve(cwd, options.out ?? path.join(configDir, MANIFEST_FILE));
    targets.push({ kind: 'manifest', file, shown: shown(file) });
  }
  if (options.emit !== undefined) {
    const file = path.resolve(cwd, options.emit);
    targets.push({ kind: 'module', file, shown: shown(file) });
  }
  return targets;
}

/** The command that regenerates the files, each path shown through `show`. */
function regenerateCommand(options: ScanCommandOptions, show: (file: string) => string): string {
  const parts = ['npx toolwright scan -p', show(options.project)];
  if (options.out !== undefined) parts.push('--out', show(options.out));
  if (options.emit !== undefined) parts.push('--emit', show(options.emit));
  return parts.join(' ');
}

/** What is wrong with a file on disk, one line per problem; `undefined` when it is up to date. */
function checkTarget(target: Target, current: string | undefined, expected: string, manifest: ToolManifest): string[] | undefined {
  if (target.kind === 'module' && current === expected) return undefined;
  const actual = current === undefined ? undefined : target.kind === 'manifest' ? readManifest(target.file) : manifestOfGeneratedModule(current);
  if (current !== undefined && actual === undefined) return ['  edited     not a module `toolwright scan --emit` wrote (edited by hand?)'];
  const drift = compareManifests(actual, manifest);
  if (!hasDrift(drift)) return target.kind === 'manifest' ? undefined : ['  outdated   written by another version of toolwright, or edited'];
  return [
    ...drift.stale.map((key) => `  stale     ${key}  (its schema changed)`),
    ...drift.missing.map((key) => `  missing   ${key}  (not in the ${target.kind})`),
    ...drift.orphaned.map((key) => `  orphaned  ${key}  (no such tool any more)`),
  ];
}
