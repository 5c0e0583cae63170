import { spawnSync } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { sharedRunFolder } from './shared-run-dir';

/** The repository root. */
const REPO = path.resolve(__dirname, '..');

/** Files npm adds to every tarball whatever `files` says. */
const ALWAYS_PACKED = /^(readme|license|licence|changelog)(\..*)?$/i;

/**
 * The files of `packages/<name>` that can end up in its tarball: package.json, README/LICENSE,
 * and every file under its `files` entries. Negated entries are not subtracted: a digest over a
 * few files more only changes when they do, which packs anew when nothing shipped changed.
 */
function packableFiles(packageDir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { files?: string[] };
  const found = new Set(['package.json', ...fs.readdirSync(packageDir).filter((entry) => ALWAYS_PACKED.test(entry))]);
  for (const entry of manifest.files ?? []) {
    const full = path.join(packageDir, entry);
    if (entry.startsWith('!') || !fs.existsSync(full)) continue;
    if (!fs.statSync(full).isDirectory()) {
      found.add(entry);
      continue;
    }
    for (const file of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) found.add(path.relative(packageDir, path.join(file.parentPath, file.name)));
    }
  }
  return [...found].sort();
}

/** A digest of the names and contents of the files `npm pack` reads for `packages/<name>`. */
function packageDigest(name: string): string {
  const packageDir = path.join(REPO, 'packages', name);
  const hash = createHash('sha256');
  for (const file of packableFiles(packageDir)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(packageDir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

// npm run by `npm test` passes its own settings down as npm_config_* variables; `npm pack` of a
// workspace keeps only how to reach the registry and its cache.
const KEPT_NPM_SETTINGS = /^npm_config_(registry|cache|userconfig|globalconfig)$/i;

function packEnv(): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([key]) => KEPT_NPM_SETTINGS.test(key) || (!/^npm_(package|lifecycle|config)_/i.test(key) && key !== 'NODE_OPTIONS'));
  return Object.fromEntries(kept);
}

/**
 * The `npm pack`ed tarball of each package (by directory name under packages/), packed once per
 * jest run and shared by every suite that installs them: each tarball is named by a digest of the
 * files it is packed from, so a suite reuses one packed since only while the build is the same.
 * Safe under concurrent workers: a missing tarball is packed into a directory of this call's own
 * and renamed into place (two workers packing the same build rename the same bytes). The tarballs
 * live in the run's shared directory under jest, else in `fallbackDir` (a suite run on its own
 * without the global setup; the caller deletes it).
 */
export function packedTarballs(names: readonly string[], fallbackDir: string): Map<string, string> {
  const dir = sharedRunFolder('packs', fallbackDir);
  fs.mkdirSync(dir, { recursive: true });
  const tarballs = new Map(names.map((name) => [name, path.join(dir, `toolwright-${name}-${packageDigest(name)}.tgz`)]));
  const missing = names.filter((name) => !fs.existsSync(tarballs.get(name) as string));
  if (missing.length === 0) return tarballs;
  const packing = fs.mkdtempSync(path.join(dir, '.packing-'));
  try {
    const args = ['pack', '--json', '--pack-destination', packing, ...missing.flatMap((name) => ['-w', `packages/${name}`])];
    const result = spawnSync('npm', args, { cwd: REPO, env: packEnv(), encoding: 'utf8', timeout: 180_000, maxBuffer: 32 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`npm ${args.join(' ')} exited ${result.status}:\n${result.stdout}\n${result.stderr}${result.error ? `\n${result.error.message}` : ''}`);
    for (const entry of JSON.parse(result.stdout) as Array<{ name: string; filename: string }>) {
      fs.renameSync(path.join(packing, entry.filename), tarballs.get(entry.name.replace('@toolwright/', '')) as string);
    }
  } finally {
    fs.rmSync(packing, { recursive: true, force: true });
  }
  return tarballs;
}
