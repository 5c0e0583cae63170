import * as ts from 'typescript';

/** Where a local name in a module comes from. */
export interface ImportedName {
  module: string;
  /** The exported name, or `*` for a namespace import. */
  name: string;
}

const cache = new WeakMap<ts.SourceFile, Map<string, ImportedName>>();

/** The module's imports, keyed by local name (`import { Tool as T }` gives `T → Tool`). */
export function importsOf(sourceFile: ts.SourceFile): Map<string, ImportedName> {
  const known = cache.get(sourceFile);
  if (known) return known;
  const imports = new Map<string, ImportedName>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const module = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) imports.set(clause.name.text, { module, name: 'default' });
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) imports.set(bindings.name.text, { module, name: '*' });
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if (element.isTypeOnly) continue;
        imports.set(element.name.text, { module, name: (element.propertyName ?? element.name).text });
      }
    }
  }
  cache.set(sourceFile, imports);
  return imports;
}

/**
 * Resolves a decorator's callee (`Tool`, `T` for an aliased import, `tw.Tool` for a namespace
 * import) to the module and exported name it comes from, or `undefined` when it is not imported.
 */
export function resolveImportedCallee(callee: ts.Expression, sourceFile: ts.SourceFile): ImportedName | undefined {
  const imports = importsOf(sourceFile);
  if (ts.isIdentifier(callee)) return imports.get(callee.text);
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
    const namespace = imports.get(callee.expression.text);
    if (namespace?.name === '*') return { module: namespace.module, name: callee.name.text };
  }
  return undefined;
}

/** The decorators of a node, each with its call expression when it is called. */
export function decoratorCalls(node: ts.Node): Array<{ decorator: ts.Decorator; call: ts.CallExpression | undefined }> {
  if (!ts.canHaveDecorators(node)) return [];
  return (ts.getDecorators(node) ?? []).map((decorator) => ({
    decorator,
    call: ts.isCallExpression(decorator.expression) ? decorator.expression : undefined,
  }));
}
