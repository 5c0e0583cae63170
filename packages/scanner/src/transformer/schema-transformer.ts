import * as ts from 'typescript';
import { coreDecoratorName, DEFAULT_CORE_MODULES } from '../scan/find-tools';
import { describeErrors, ScanCache } from './scan-cache';
import { embeddedSchemaText } from './embedded-text';

/** Options of the schema transformer (also its ts-patch plugin config). */
export interface SchemaTransformerOptions {
  /** Module specifiers that export `@Tool` (default `['@toolwright/core']`). */
  coreModules?: readonly string[];
  /**
   * What to do with scan errors (strict-mode violations, unreadable decorators) of the tools
   * being compiled: `'ignore'` (default: core reports them at registration, naming the tool and
   * field), `'warn'` (print them) or `'error'` (fail the compilation).
   */
  diagnostics?: 'ignore' | 'warn' | 'error';
}

const caches = new Map<string, ScanCache>();

function cacheFor(coreModules: readonly string[]): ScanCache {
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
 * `@Tool(opts, '{"parameters":{...},"description":...}')`.
 * A call that already has a second argument is left alone. `getProgram` is called per file so
 * that hosts whose program changes between files (ts-jest's language service) are supported.
 */
export function createSchemaTransformer(
  getProgram: () => ts.Program | undefined,
  options: SchemaTransformerOptions = {},
): ts.TransformerFactory<ts.SourceFile> {
  const coreModules = options.coreModules ?? DEFAULT_CORE_MODULES;
  const cache = cacheFor(coreModules);
  return (context) => (sourceFile) => {
    if (sourceFile.isDeclarationFile || !coreModules.some((module) => sourceFile.text.includes(module))) return sourceFile;
    const program = getProgram();
    const original = program?.getSourceFile(sourceFile.fileName);
    if (!program || !original) return sourceFile;
    const scan = cache.scanFile(program, original);
    if (scan.tools.size === 0) return sourceFile;
    const errors = describeErrors(
      scan.diagnostics.filter((diagnostic) => !(diagnostic.toolKey && scan.tools.get(diagnostic.toolKey)?.hasEmbeddedSchema)),
    );
    if (errors !== undefined && options.diagnostics === 'error') throw new Error(`toolwright: cannot build tool schemas:\n${errors}`);
    if (errors !== undefined && options.diagnostics === 'warn') process.stderr.write(`toolwright: ${errors}\n`);
    const { factory } = context;
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isDecorator(node) && ts.isCallExpression(node.expression) && node.expression.arguments.length < 2) {
        const method = node.parent;
        const owner = method?.parent;
        if (
          method && ts.isMethodDeclaration(method) && owner && ts.isClassDeclaration(owner) && owner.name &&
          (ts.isIdentifier(method.name) || ts.isStringLiteral(method.name)) &&
          coreDecoratorName(node.expression, sourceFile, coreModules) === 'Tool'
        ) {
          const tool = scan.tools.get(`${owner.name.text}.${method.name.text}`);
          if (tool) {
            const call = node.expression;
            const options = call.arguments[0] ?? factory.createVoidZero();
            return factory.updateDecorator(
              node,
              factory.updateCallExpression(call, call.expression, call.typeArguments, [options, factory.createStringLiteral(embeddedSchemaText(tool.schema), /* isSingleQuote: JSON quotes need no escaping */ true)]),
            );
          }
        }
        return node;
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitEachChild(sourceFile, visit, context);
  };
}
