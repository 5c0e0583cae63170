import * as ts from 'typescript';
import { diagnosticAt, type ScanDiagnostic } from '../diagnostics/scan-diagnostic';
import type { ToolSchemaEntry } from '../schema/tool-schema-entry';
import { createSchemaGenerator } from '../schema/generator';
import { buildToolSchema } from './build-tool-schema';
import { DEFAULT_CORE_MODULES, findToolSites, mayDeclareTools } from './find-tools';
import { loadProgram } from './load-program';
import { planSyntheticTypes, type SyntheticPlan } from './synthetic-types';
import { toolKey, type ToolAnnotationRecord } from './tool-site';
import { createVirtualProgram } from './virtual-program';
import { mayScanFile, scanOutputs, type ScannedOutput } from './scan-outputs';
import { planOutputTypes } from './output-refs';
import type { MemberKind } from './mcp-members';

/** One tool the scanner found, with its schema. */
export interface ScannedTool {
  /** `Class.method`, the manifest key. */
  key: string;
  /** The class's name; `Name@n` for the n-th class of that name declared inside a function or block. */
  className: string;
  methodName: string;
  /** The name the model sees (from the options, else the method name in snake_case). */
  toolName: string;
  fileName: string;
  /** 1-based position of the method name. */
  line: number;
  column: number;
  strict: boolean;
  /** Whether the `@Tool` options are absent or literal, so that `strict` cannot differ at run time. */
  literalOptions: boolean;
  /** Whether the source already passes an embedded schema to `@Tool` (the transformer leaves it). */
  hasEmbeddedSchema: boolean;
  schema: ToolSchemaEntry;
  /** The risk annotations and execution hints the `@Tool` options declare (recorded in the manifest). */
  annotations?: ToolAnnotationRecord;
  /** Set for an MCP `@Prompt` or `@ResourceTemplate` method (listed in `members`, never in `tools`). */
  member?: MemberKind;
}

/** What a scan found: tools in declaration order and every problem, compiler-style. */
export interface ScanResult {
  tools: ScannedTool[];
  /** Output classes (`@Output()`, `outputType` of `new Agent` / `@AgentDefinition`), in file and source order. */
  outputs: ScannedOutput[];
  /**
   * MCP `@Prompt` and `@ResourceTemplate` methods (of `@toolwright/mcp`), whose `@Param`
   * arguments get a loose schema like a tool's, in declaration order.
   */
  members: ScannedTool[];
  diagnostics: ScanDiagnostic[];
}

/** Options of {@link scanTools}. */
export interface ScanOptions {
  /** Module specifiers that export the decorators (default `['@toolwright/core']`). */
  coreModules?: readonly string[];
  /** Scan only the files this accepts (by absolute file name). */
  includeFile?: (fileName: string) => boolean;
  /**
   * Also reach classes declared inside functions and blocks, keyed `Class@n.method` (the n-th
   * class of that name in the file). For the transformer, which embeds their schemas; a manifest
   * cannot name them, so by default they are reported.
   */
  nestedClasses?: boolean;
  /**
   * Keep the tools of a class and method name declared in two files, each with its schema. For
   * the transformer, which embeds a schema at its own call site (one program can hold many test
   * files declaring an `OrderTools`); a manifest, keyed by class and method, reports the second.
   */
  sameKeyInManyFiles?: boolean;
}

/**
 * Finds every `@Tool` method of a program (and every MCP `@Prompt` / `@ResourceTemplate`
 * method) and builds its schema from the TypeScript types:
 * one synthetic interface per tool (appended to the tool's own file, so non-exported classes
 * work), one program, one typescript-json-schema generator.
 *
 * @param input a program, or the path of a tsconfig.json (or of its directory)
 * @example
 * const { tools, diagnostics } = scanTools('tsconfig.json');
 */
export function scanTools(input: ts.Program | string, options: ScanOptions = {}): ScanResult {
  const program = typeof input === 'string' ? loadProgram(input).program : input;
  const coreModules = options.coreModules ?? DEFAULT_CORE_MODULES;
  const files = program
    .getSourceFiles()
    .filter((file) => (mayDeclareTools(file, coreModules) || mayScanFile(file, coreModules)) && (options.includeFile?.(file.fileName) ?? true));
  const plans = new Map<string, SyntheticPlan>();
  const outputPlans = new Map<string, string[]>();
  files.forEach((file, index) => {
    const plan = planSyntheticTypes(file, coreModules, `__ToolwrightArgs${index}_`, options.nestedClasses);
    const outputs = planOutputTypes(file, coreModules, `__ToolwrightOutput${index}_`);
    if (outputs.names.length > 0) {
      outputPlans.set(file.fileName, outputs.names);
      const apply = plan.apply;
      plan.apply = (original) => apply(original) + outputs.tail;
      for (const name of outputs.names) plan.interfaces.set(`output:${name}`, name);
    }
    if (plan.interfaces.size > 0) plans.set(file.fileName, plan);
  });
  const result: ScanResult = { tools: [], outputs: [], members: [], diagnostics: [] };
  if (plans.size === 0) return result;

  const virtual = createVirtualProgram(program, new Map([...plans].map(([fileName, plan]) => [fileName, plan.apply])));
  const checker = virtual.getTypeChecker();
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const virtualFiles: ts.SourceFile[] = [];
  for (const [fileName, plan] of plans) {
    const file = virtual.getSourceFile(fileName);
    if (!file) continue;
    virtualFiles.push(file);
    const names = new Set(plan.interfaces.values());
    // Interfaces of nested classes sit in the class's block, the others at the end of the file.
    const collect = (node: ts.Node): void => {
      if (ts.isInterfaceDeclaration(node)) {
        if (names.has(node.name.text)) interfaces.set(node.name.text, node);
      } else ts.forEachChild(node, collect);
    };
    file.statements.forEach(collect);
  }
  const generator = createSchemaGenerator(checker, interfaces);
  const seen = new Map<string, ScannedTool>();
  for (const file of virtualFiles) {
    const plan = plans.get(file.fileName) as SyntheticPlan;
    const found = findToolSites(file, checker, coreModules, options.nestedClasses);
    result.diagnostics.push(...found.diagnostics);
    for (const site of found.sites) {
      const key = toolKey(site);
      const interfaceName = plan.interfaces.get(key);
      if (interfaceName === undefined) continue;
      const seenKey = `${site.member ? 'member ' : ''}${key}${options.sameKeyInManyFiles ? `\0${file.fileName}` : ''}`;
      const previous = seen.get(seenKey);
      if (previous) {
        result.diagnostics.push(
          diagnosticAt(site.method.name, {
            toolName: site.toolName,
            message: `${key} is also declared at ${previous.fileName}:${previous.line}, and the manifest is keyed by class and method`,
            fix: 'give one of the toolkit classes another name',
          }),
        );
        continue;
      }
      const built = buildToolSchema(site, interfaceName, generator, checker);
      result.diagnostics.push(...built.diagnostics.map((diagnostic) => ({ ...diagnostic, toolKey: key })));
      const position = file.getLineAndCharacterOfPosition(site.method.name.getStart(file));
      const tool: ScannedTool = {
        key,
        className: site.className,
        methodName: site.methodName,
        toolName: site.toolName,
        fileName: file.fileName,
        line: position.line + 1,
        column: position.character + 1,
        strict: site.strict,
        literalOptions: site.literalOptions,
        hasEmbeddedSchema: site.hasEmbeddedSchema,
        schema: built.entry,
      };
      if (site.annotations) tool.annotations = site.annotations;
      if (site.member) tool.member = site.member;
      seen.set(seenKey, tool);
      (site.member ? result.members : result.tools).push(tool);
    }
    const outputNames = outputPlans.get(file.fileName);
    if (outputNames) {
      const scanned = scanOutputs(file, outputNames, generator, checker, coreModules);
      result.outputs.push(...scanned.outputs);
      result.diagnostics.push(...scanned.diagnostics);
    }
  }
  return result;
}
