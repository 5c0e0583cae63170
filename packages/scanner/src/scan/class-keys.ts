import * as ts from 'typescript';

/** How a class's tools are keyed: `Name`, or `Name@n` for the n-th class of that name declared inside a function or block. */
export interface ClassKey {
  key: string;
  /** Declared inside a function, block or namespace rather than at the top level of its module. */
  nested: boolean;
}

const cache = new WeakMap<ts.SourceFile, Map<ts.ClassDeclaration, ClassKey>>();

/**
 * The key of every named class of a file, in document order: its name at the top level of the
 * module (the manifest key `Class.method` uses it), and `Name@n` for a class declared inside a
 * function, block or namespace — there a name need not be unique (tests declare `class Calc` in
 * many `it` blocks), and only the transformer can reach the class. The scanner and the
 * transformer both key tools through this, so they agree.
 */
export function classKeysOf(sourceFile: ts.SourceFile): Map<ts.ClassDeclaration, ClassKey> {
  let keys = cache.get(sourceFile);
  if (keys) return keys;
  const found = new Map<ts.ClassDeclaration, ClassKey>();
  const counts = new Map<string, number>();
  const visit = (node: ts.Node, topLevel: boolean): void => {
    if (ts.isClassDeclaration(node) && node.name) {
      const name = node.name.text;
      if (topLevel) found.set(node, { key: name, nested: false });
      else {
        const n = (counts.get(name) ?? 0) + 1;
        counts.set(name, n);
        found.set(node, { key: `${name}@${n}`, nested: true });
      }
    }
    ts.forEachChild(node, (child) => visit(child, false));
  };
  for (const statement of sourceFile.statements) visit(statement, true);
  keys = found;
  cache.set(sourceFile, keys);
  return keys;
}
