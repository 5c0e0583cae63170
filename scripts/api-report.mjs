#!/usr/bin/env node
// `node scripts/api-report.mjs [--update]`: the API report of every public entry of every
// package (API Extractor, from the declarations `npm run build` writes to dist/), compared with
// the report checked in as packages/<name>/api/<entry>.api.md. Run by `npm run lint`: a public
// type that changed fails it, naming the entries; `npm run api:update` rewrites the reports, whose
// diff is then the change to review and commit. `./internal` entries are not public.
import { CompilerState, Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..');

/** Each public entry of each package: its report name and its declaration file. */
export function publicEntries() {
  const workspaces = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces.filter((dir) => dir.startsWith('packages/'));
  return workspaces.flatMap((dir) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
    const seen = new Set();
    return Object.entries(manifest.exports).flatMap(([key, target]) => {
      const types = typeof target === 'object' && target !== null ? target.types : undefined;
      if (key === './package.json' || key === './internal' || typeof types !== 'string' || seen.has(types)) return [];
      seen.add(types);
      const name = key === '.' ? 'index' : key.slice(2).replace(/\//g, '-');
      return [{ dir, packageName: manifest.name, specifier: key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`, name, types: path.join(ROOT, dir, types) }];
    });
  });
}

/** API Extractor's configuration of one entry's report. */
function configOf(entry, tempFolder) {
  if (!fs.existsSync(entry.types)) throw new Error(`${path.relative(ROOT, entry.types)} is missing: run \`npm run build\` first`);
  const reportFolder = path.join(ROOT, entry.dir, 'api');
  fs.mkdirSync(reportFolder, { recursive: true });
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: path.join(ROOT, entry.dir),
      mainEntryPointFilePath: entry.types,
      compiler: {
        overrideTsconfig: {
          compilerOptions: { target: 'es2022', module: 'commonjs', moduleResolution: 'node', lib: ['es2022'], types: ['node'], strict: true, skipLibCheck: true, experimentalDecorators: true, esModuleInterop: true },
          files: [entry.types],
        },
      },
      apiReport: { enabled: true, reportFolder, reportTempFolder: tempFolder, reportFileName: `${entry.name}.api.md` },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: { default: { logLevel: 'none' } },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: path.join(ROOT, entry.dir, 'package.json'),
  });
}

/** Checks (or with `update`, writes) one entry's report, analysed in the program `compilerState` holds. */
function report(entry, config, compilerState, update) {
  const reportFolder = path.join(ROOT, entry.dir, 'api');
  const problems = [];
  const result = Extractor.invoke(config, {
    compilerState,
    localBuild: update,
    messageCallback: (message) => {
      if (message.category === 'Compiler' && (message.logLevel === 'warning' || message.logLevel === 'error')) problems.push(message.formatMessageWithLocation(ROOT));
      message.handled = true;
    },
  });
  return { changed: result.apiReportChanged, problems, file: path.join(reportFolder, `${entry.name}.api.md`) };
}

function main(argv) {
  const update = argv.includes('--update');
  const tempFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'toolwright-api-'));
  const changed = [];
  const problems = [];
  try {
    const entries = publicEntries().map((entry) => ({ entry, config: configOf(entry, tempFolder) }));
    // One TypeScript program for every entry (their compiler options are the same): each
    // report is analysed in it instead of in a program of its own, parsing @types/node and the
    // declarations once rather than once per entry.
    const compilerState = CompilerState.create(entries[0].config, { additionalEntryPoints: entries.slice(1).map(({ entry }) => entry.types) });
    for (const { entry, config } of entries) {
      const outcome = report(entry, config, compilerState, update);
      problems.push(...outcome.problems.map((problem) => `${entry.specifier}: ${problem}`));
      if (outcome.changed) changed.push(`${entry.specifier} (${path.relative(ROOT, outcome.file)})`);
    }
  } finally {
    fs.rmSync(tempFolder, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    process.stderr.write(`api-report: the declarations do not compile:\n  ${problems.join('\n  ')}\n`);
    return 1;
  }
  if (update) {
    process.stdout.write(changed.length > 0 ? `api-report: updated ${changed.join(', ')}\n` : 'api-report: every report is up to date\n');
    return 0;
  }
  if (changed.length > 0) {
    process.stderr.write(`api-report: the public API changed in ${changed.join(', ')}.\n`
      + 'If the change is meant, run `npm run api:update` (after `npm run build`) and commit the updated reports; their diff is the change to review.\n');
    return 1;
  }
  process.stdout.write('api-report: every public entry matches its report\n');
  return 0;
}

if (process.argv[1] === import.meta.filename) process.exitCode = main(process.argv.slice(2));
