import * as fs from 'fs';
import * as path from 'path';
import { filesUnder } from './scratch';

interface PackageJson {
  name: string;
  main?: string;
  types?: string;
  bin?: Record<string, string>;
  exports?: unknown;
  scripts?: Record<string, string>;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** The file targets of an `exports` map (every condition, every subpath). */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(exportTargets);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(exportTargets);
  return [];
}

/** Sources of a source map that resolve neither to a file of the package nor to inline content. */
function unresolvedSources(dir: string, map: string, files: Set<string>): string[] {
  let parsed: { sources?: string[]; sourceRoot?: string; sourcesContent?: Array<string | null> };
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(dir, map), 'utf8')) as typeof parsed;
  } catch (error) {
    return [`(unreadable: ${(error as Error).message}; was the package being rebuilt while it was packed?)`];
  }
  return (parsed.sources ?? []).filter((source, index) => {
    if (typeof parsed.sourcesContent?.[index] === 'string') return false;
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(map), parsed.sourceRoot ?? '', source));
    return !files.has(resolved);
  });
}

/** Relative links of a markdown text (not URLs, not anchors of the page itself). */
function relativeLinks(markdown: string): string[] {
  // Code (fenced blocks, inline spans) is not linked: `instance[method](...values)` is no link.
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'));
}

/**
 * What is wrong with an unpacked tarball (`dir` holds its `package.json`), one line per problem:
 * build info shipped, source maps that point at files it does not ship, entry points, exports or
 * bin files missing, scripts naming files it does not ship, `@toolwright/*` as a regular
 * dependency or an imported core that is not a peer, no `engines.node`, README links that break
 * on the registry.
 */
export function tarballProblems(dir: string): string[] {
  const files = new Set(filesUnder(dir));
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
  const problems: string[] = [];
  const need = (file: string, what: string): void => {
    if (!files.has(path.posix.normalize(file))) problems.push(`${what} ${file} is not in the tarball`);
  };
  for (const file of files) {
    if (file.endsWith('.tsbuildinfo')) problems.push(`ships build info ${file}`);
    if (file.endsWith('.map')) {
      for (const source of unresolvedSources(dir, file, files)) problems.push(`${file} points at ${source}, which is not shipped`);
    }
  }
  if (pkg.main) need(pkg.main, 'main');
  if (pkg.types) need(pkg.types, 'types');
  for (const target of exportTargets(pkg.exports)) need(target, 'exports target');
  for (const target of Object.values(pkg.bin ?? {})) need(target, 'bin');
  for (const [script, command] of Object.entries(pkg.scripts ?? {})) {
    for (const token of command.split(/\s+/)) {
      if (/^[\w.-]+\/[\w./-]+$/.test(token) || /\.(c|m)?js$/.test(token)) need(token, `script "${script}" runs`);
    }
  }
  for (const dependency of Object.keys(pkg.dependencies ?? {})) {
    if (dependency.startsWith('@toolwright/')) problems.push(`${dependency} is a regular dependency (a second copy of it breaks shared state): make it a peer dependency`);
  }
  const importsCore = [...files].some((file) => file.startsWith('dist/') && /\.[cm]?js$/.test(file) && fs.readFileSync(path.join(dir, file), 'utf8').includes('@toolwright/core'));
  if (pkg.name !== '@toolwright/core' && importsCore && !pkg.peerDependencies?.['@toolwright/core']) problems.push('uses @toolwright/core without a peer dependency on it');
  if (!pkg.engines?.node) problems.push('states no engines.node');
  if (!files.has('README.md')) problems.push('ships no README.md');
  else {
    for (const link of relativeLinks(fs.readFileSync(path.join(dir, 'README.md'), 'utf8'))) {
      const file = link.split('#')[0];
      if (file.startsWith('..') || !files.has(path.posix.normalize(file))) problems.push(`README links to ${link}, which is not in the package (broken on the registry)`);
    }
  }
  return problems;
}
