import type * as ts from 'typescript';
import { toCompilerDiagnostic } from '../diagnostics/compiler-diagnostic';
import { DEFAULT_CORE_MODULES } from '../scan/find-tools';
import { emitResultChannel, formatForTerminal, type DiagnosticChannel } from './diagnostic-channel';
import { applyToolsDirectly } from './direct-application';
import { embeddedSchemaText } from './embedded-text';
import { hostTypeScript } from './host-typescript';
import { ScanCache, type ScanScope } from './scan-cache';
import type { ToolCall } from './tool-calls';
import { NEST_MODULE } from '../scan/output-refs';

/** Options of the schema transformer (also its ts-patch plugin and Nest CLI plugin options). */
export interface SchemaTransformerOptions {
  /** Module specifiers that export `@Tool` (default `['@toolwright/core']`). */
  coreModules?: readonly string[];
  /**
   * What to do with scan errors (strict-mode violations, unreadable decorators) of the tools
   * being compiled: `'error'` (default: compiler diagnostics that fail the build, printed like
   * type errors with file, line, column, tool, field and fix), `'warn'` (print them, build on;
   * core then refuses the tool at registration) or `'ignore'`.
   */
  diagnostics?: 'error' | 'warn' | 'ignore';
  /**
   * The TypeScript module that made the program, when the transformer cannot find it itself
   * (it looks at what the host passed, its own copy and the copies already loaded).
   */
  typescript?: unknown;
}

const caches = new Map<string, ScanCache>();

/** The process's scan cache for a set of core modules (shared by every transformer and `toolwright build`). */
export function scanCacheFor(coreModules: readonly string[]): ScanCache {
  const key = coreModules.join('\n');
  let cache = caches.get(key);
  if (!cache) {
    cache = new ScanCache(coreModules);
    caches.set(key, cache);
  }
  return cache;
}

/**
 * A `before` transformer that embeds each tool's schema into its `@Tool(...)` call, as JSON text
 * (see {@link embeddedSchemaText}): `@Tool(opts)` becomes
 * `@Tool(opts, '{"parameters":{...},"description":...}')`; the schema is already strict when
 * the tool is strict and its options are literal. A method whose only decorators are `@Tool` and
 * one `@Param` or `@Ctx` per parameter is applied directly in a static block instead, when the
 * program compiles legacy decorators (see {@link applyToolsDirectly}).
 * A call that already has a second argument is left alone. `getProgram` is called per file so
 * that hosts whose program changes between files (ts-jest's language service) are supported.
 * The scanner analyses the code with its own TypeScript; the tree is edited with the functions
 * of the compiler that made the program, found by {@link hostTypeScript}. Scan errors go to
 * `channel` (default: the program's emit result, see `attachToEmit`). `scope` is what a scan
 * takes in (see `ScanCache.scanFile`): `'program'` only for a host that emits one fixed program.
 */
export function createSchemaTransformer(
  getProgram: () => ts.Program | undefined,
  options: SchemaTransformerOptions = {},
  channel: DiagnosticChannel = emitResultChannel,
  scope: ScanScope = 'reachable',
): ts.TransformerFactory<ts.SourceFile> {
  const coreModules = options.coreModules ?? DEFAULT_CORE_MODULES;
  const mode = options.diagnostics ?? 'error';
  const cache = scanCacheFor(coreModules);
  return (context) => (sourceFile) => {
    if (sourceFile.isDeclarationFile || ![...coreModules, NEST_MODULE].some((module) => sourceFile.text.includes(module))) return sourceFile;
    const program = getProgram();
    const original = program?.getSourceFile(sourceFile.fileName);
    if (!program || !original) return sourceFile;
    const host = hostTypeScript(program, options.typescript);
    const scan = cache.scanFile(program, original, scope);
    if (scan.tools.size === 0 && scan.members.size === 0 && scan.outputs.size === 0 && scan.diagnostics.length === 0) return sourceFile;
    if (mode !== 'ignore') {
      // A tool whose schema is written by hand is not the scanner's to judge.
      const relevant = scan.diagnostics.filter((diagnostic) => !(diagnostic.toolKey && scan.tools.get(diagnostic.toolKey)?.hasEmbeddedSchema));
      const errors = relevant.filter((diagnostic) => diagnostic.category === 'error');
      if (mode === 'error' && errors.length > 0) channel(errors.map((diagnostic) => toCompilerDiagnostic(diagnostic, original, host)), program, host);
      // Warnings (and errors under 'warn') are printed, never counted: some hosts fail on any diagnostic.
      const printed = relevant.filter((diagnostic) => diagnostic.category === 'warning' || mode === 'warn');
      if (printed.length > 0) {
        const warnings = printed.map((diagnostic) => toCompilerDiagnostic(diagnostic, original, host, host.DiagnosticCategory.Warning));
        process.stderr.write(`${formatForTerminal(warnings, host)}\n`);
      }
    }
    if (scan.calls.size === 0 && scan.outputs.size === 0) return sourceFile;
    const { factory } = context;
    const legacyDecorators = program.getCompilerOptions().experimentalDecorators === true;
    const callOf = (decorator: ts.Decorator): ToolCall | undefined => {
      if (!host.isCallExpression(decorator.expression)) return undefined;
      const end = host.getOriginalNode(decorator.expression).end;
      const found = end >= 0 ? scan.calls.get(end) : undefined;
      return found && decorator.expression.arguments.length <= found.schemaArgument ? found : undefined;
    };
    const directCall = (decorator: ts.Decorator): ToolCall | undefined => {
      const call = legacyDecorators ? callOf(decorator) : undefined;
      return call?.direct ? call : undefined;
    };
    const embeddedText = ({ tool }: ToolCall): string => embeddedSchemaText(tool.schema, { strict: tool.strict && tool.literalOptions });
    const outputAt = (node: ts.Node): string | undefined => {
      if (scan.outputs.size === 0) return undefined;
      const end = host.getOriginalNode(node).end;
      const output = end >= 0 ? scan.outputs.get(end) : undefined;
      return output ? embeddedSchemaText(output.schema, { strict: true }) : undefined;
    };
    const visit = (node: ts.Node): ts.Node => {
      // An output class's schema: `@Output()` gets it as its argument, agent options beside `outputType`.
      if (host.isDecorator(node) && host.isCallExpression(node.expression) && node.expression.arguments.length === 0) {
        const text = outputAt(node.expression);
        if (text !== undefined) {
          const call = node.expression;
          return factory.updateDecorator(node, factory.updateCallExpression(call, call.expression, call.typeArguments, [factory.createStringLiteral(text, true)]));
        }
      }
      if (host.isObjectLiteralExpression(node)) {
        const text = outputAt(node);
        if (text !== undefined) {
          const visited = host.visitEachChild(node, visit, context);
          const property = factory.createPropertyAssignment('outputTypeSchema', factory.createStringLiteral(text, true));
          return factory.updateObjectLiteralExpression(visited, [...visited.properties, property]);
        }
      }
      if (host.isClassDeclaration(node) || host.isClassExpression(node)) {
        return applyToolsDirectly(host.visitEachChild(node, visit, context), { host, factory, directCall, embeddedText });
      }
      if (host.isDecorator(node) && host.isCallExpression(node.expression)) {
        const found = callOf(node);
        // A direct call is rewritten with its class (above); another decorator may hold agent options (`@AgentDefinition`).
        if (!found) return scan.outputs.size > 0 ? host.visitEachChild(node, visit, context) : node;
        if (directCall(node)) return node;
        const call = node.expression;
        // `@Tool(opts)` → `@Tool(opts, '...')`, `@ResourceTemplate(uri)` → `@ResourceTemplate(uri, void 0, '...')`.
        const args: ts.Expression[] = [...call.arguments];
        while (args.length < found.schemaArgument) args.push(factory.createVoidZero());
        args.push(factory.createStringLiteral(embeddedText(found), /* isSingleQuote: JSON quotes need no escaping */ true));
        return factory.updateDecorator(node, factory.updateCallExpression(call, call.expression, call.typeArguments, args));
      }
      return host.visitEachChild(node, visit, context);
    };
    return host.visitEachChild(sourceFile, visit, context);
  };
}
