import * as ts from 'typescript';
import { formatDiagnostic, type ScanDiagnostic } from '../diagnostics/scan-diagnostic';
import { isUserFile, mayDeclareTools } from '../scan/find-tools';
import { scanTools, type ScannedTool } from '../scan/scan-tools';
import { createVirtualProgram } from '../scan/virtual-program';
import { madeBy } from './host-typescript';
import { toolCallEnds, type ToolCall } from './tool-calls';
import { mayScanFile, type ScannedOutput } from '../scan/scan-outputs';
import { outputRefEnd, outputRefsOf } from '../scan/output-refs';

/** Which files a scan takes in along with the file asked for (see {@link ScanCache.scanFile}). */
export type ScanScope = 'reachable' | 'program';

/** The scan of one file, valid while the files it was computed from are unchanged. */
interface CachedScan {
  sourceFile: ts.SourceFile;
  /** Every user file of the program the scan ran on (a DTO may live in any of them). */
  dependencies: Map<string, ts.SourceFile>;
  tools: Map<string, ScannedTool>;
  /** The file's MCP `@Prompt` / `@ResourceTemplate` methods, keyed `Class.method`. */
  members: Map<string, ScannedTool>;
  /** The file's `@Tool(...)` calls to embed a schema into, by the end offset of the call. */
  calls: Map<number, ToolCall>;
  /** The file's output references to embed a schema at (`@Output()` calls, agent options objects), by end offset. */
  outputs: Map<number, ScannedOutput>;
  diagnostics: ScanDiagnostic[];
}

/**
 * The program the scanner analyses for a host's program: the host's own when this copy of
 * TypeScript made it, else the same files and options re-parsed by this copy (another version's
 * trees cannot be read with this version's functions). Made once per host program.
 */
const analysisPrograms = new WeakMap<ts.Program, ts.Program>();

function analysisProgramOf(program: ts.Program): ts.Program {
  if (madeBy(ts, program)) return program;
  let own = analysisPrograms.get(program);
  if (!own) {
    own = createVirtualProgram(program, new Map());
    analysisPrograms.set(program, own);
  }
  return own;
}

/**
 * Per-process cache of scans, keyed by file. ts-jest hands the transformer a new program for
 * nearly every test file (its language service grows as files are added), so a cache keyed by
 * program alone would rescan everything each time. Here a file's scan is reused as long as the
 * file and all user files of the program it was scanned in are the same `SourceFile` objects
 * (the language service keeps unchanged files' objects); a miss scans, in one go, every file of
 * the current program reachable from the file through imports (the files the host compiles
 * next) that has no valid scan.
 */
export class ScanCache {
  private readonly files = new Map<string, CachedScan>();

  constructor(private readonly coreModules: readonly string[]) {}

  /**
   * The tools of `sourceFile` (keyed `Class.method`) and the diagnostics of its file. `scope`
   * says which files a miss scans with it: those `sourceFile` reaches through imports (a host
   * whose program changes between files, ts-jest), or every file of the program (a host that
   * emits one program whole: tsc, ts-patch, the compiler API), so that one analysis serves
   * every file instead of one per file.
   */
  scanFile(program: ts.Program, sourceFile: ts.SourceFile, scope: ScanScope = 'reachable'): CachedScan {
    const cached = this.files.get(sourceFile.fileName);
    if (cached && this.isValid(cached, program)) return cached;
    const candidates = scope === 'program' ? program.getSourceFiles().filter(isUserFile) : reachableUserFiles(program, sourceFile);
    const pending = new Set(
      candidates
        .filter((file) => mayDeclareTools(file, this.coreModules) || mayScanFile(file, this.coreModules))
        .filter((file) => {
          const entry = this.files.get(file.fileName);
          return !entry || !this.isValid(entry, program);
        })
        .map((file) => file.fileName),
    );
    pending.add(sourceFile.fileName);
    const own = analysisProgramOf(program);
    const result = scanTools(own, { coreModules: this.coreModules, includeFile: (fileName) => pending.has(fileName), nestedClasses: true, sameKeyInManyFiles: true });
    const dependencies = new Map(
      program
        .getSourceFiles()
        .filter(isUserFile)
        .map((file) => [file.fileName, file]),
    );
    for (const fileName of pending) {
      const file = program.getSourceFile(fileName);
      const ownFile = own.getSourceFile(fileName);
      if (!file || !ownFile) continue;
      const tools = new Map(result.tools.filter((tool) => tool.fileName === fileName).map((tool) => [tool.key, tool]));
      const members = new Map(result.members.filter((member) => member.fileName === fileName).map((member) => [member.key, member]));
      this.files.set(fileName, {
        sourceFile: file,
        dependencies,
        tools,
        members,
        calls: toolCallEnds(ownFile, tools, this.coreModules, members),
        outputs: outputEnds(ownFile, result.outputs.filter((output) => output.fileName === fileName), this.coreModules),
        diagnostics: result.diagnostics.filter((diagnostic) => diagnostic.fileName === fileName),
      });
    }
    return this.files.get(sourceFile.fileName) ?? { sourceFile, dependencies, tools: new Map(), members: new Map(), calls: new Map(), outputs: new Map(), diagnostics: [] };
  }

  private isValid(entry: CachedScan, program: ts.Program): boolean {
    if (program.getSourceFile(entry.sourceFile.fileName) !== entry.sourceFile) return false;
    for (const [fileName, file] of entry.dependencies) {
      const current = program.getSourceFile(fileName);
      if (current !== undefined && current !== file) return false;
    }
    return true;
  }
}

/**
 * The user files (not declarations, not under node_modules) that `start` imports, directly or
 * not, `start` included. ts-jest's program holds every file its tsconfig matches; following
 * imports keeps a scan to what the test being compiled actually loads. A file's imports are
 * resolved once per program ({@link userImportsOf}): a whole-program emit transforms every file,
 * and each walk crosses the same files (core's sources, for every test) again.
 */
function reachableUserFiles(program: ts.Program, start: ts.SourceFile): ts.SourceFile[] {
  const seen = new Map<string, ts.SourceFile>([[start.fileName, start]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() as ts.SourceFile;
    for (const target of userImportsOf(program, file)) {
      if (seen.has(target.fileName)) continue;
      seen.set(target.fileName, target);
      queue.push(target);
    }
  }
  return [...seen.values()];
}

/** Per program: each file's directly imported user files, and the program's module resolutions. */
const importGraphs = new WeakMap<ts.Program, { imports: Map<string, ts.SourceFile[]>; resolutions: ts.ModuleResolutionCache }>();

/** The user files `file` imports directly, resolved as the program's options resolve them. */
function userImportsOf(program: ts.Program, file: ts.SourceFile): ts.SourceFile[] {
  let graph = importGraphs.get(program);
  if (!graph) {
    const options = program.getCompilerOptions();
    graph = { imports: new Map(), resolutions: ts.createModuleResolutionCache(program.getCurrentDirectory(), (fileName) => fileName, options) };
    importGraphs.set(program, graph);
  }
  const known = graph.imports.get(file.fileName);
  if (known) return known;
  const options = program.getCompilerOptions();
  const targets: ts.SourceFile[] = [];
  for (const imported of ts.preProcessFile(file.text, true, true).importedFiles) {
    const resolved = ts.resolveModuleName(imported.fileName, file.fileName, options, ts.sys, graph.resolutions).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) continue;
    const target = program.getSourceFile(resolved.resolvedFileName);
    if (target && isUserFile(target)) targets.push(target);
  }
  graph.imports.set(file.fileName, targets);
  return targets;
}

/** The scanned outputs of a file by the end offset of their reference in the file's own tree. */
function outputEnds(file: ts.SourceFile, outputs: readonly ScannedOutput[], coreModules: readonly string[]): Map<number, ScannedOutput> {
  const ends = new Map<number, ScannedOutput>();
  if (outputs.length === 0) return ends;
  const refs = outputRefsOf(file, coreModules);
  for (const output of outputs) {
    const ref = refs[output.index];
    if (ref && !output.hasEmbeddedSchema) ends.set(outputRefEnd(ref), output);
  }
  return ends;
}

/** Formats the error diagnostics of a scan for an exception or a warning. */
export function describeErrors(diagnostics: ScanDiagnostic[]): string | undefined {
  const errors = diagnostics.filter((diagnostic) => diagnostic.category === 'error');
  if (errors.length === 0) return undefined;
  return errors.map((diagnostic) => formatDiagnostic(diagnostic)).join('\n');
}
