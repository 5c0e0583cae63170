import * as ts from 'typescript';
import { coreDecoratorName } from './find-tools';
import { decoratorCalls } from './imports';

/** The synthetic argument interfaces appended to one source file. */
export interface SyntheticPlan {
  /** Text appended to the file (positions of the original text are unchanged). */
  text: string;
  /** Interface name per `Class.method`. */
  interfaces: Map<string, string>;
}

/** The property of the synthetic interface that stands for parameter `index`. */
export function syntheticProperty(index: number): string {
  return `p${index}`;
}

/**
 * Plans, from syntax alone, one interface per `@Tool` method of the file's top-level classes:
 * a property per non-`@Ctx` parameter, typed as the parameter's own annotation when it can be
 * written at module scope (so aliases keep their JSDoc), else as `Parameters<Class['method']>[i]`.
 */
export function planSyntheticTypes(
  sourceFile: ts.SourceFile,
  coreModules: readonly string[],
  prefix: string,
): SyntheticPlan {
  const interfaces = new Map<string, string>();
  const lines: string[] = [];
  const coreName = (call: ts.CallExpression | undefined): string | undefined => coreDecoratorName(call, sourceFile, coreModules);
  for (const statement of sourceFile.statements) {
    if (!ts.isClassDeclaration(statement) || !statement.name) continue;
    const className = statement.name.text;
    const classTypeParameters = (statement.typeParameters ?? []).map((p) => p.name.text);
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member)) continue;
      if (!(ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) continue;
      if (!decoratorCalls(member).some(({ call }) => coreName(call) === 'Tool')) continue;
      const methodName = member.name.text;
      const isStatic = (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
      const owner = isStatic
        ? `(typeof ${className})`
        : classTypeParameters.length > 0
          ? `${className}<${classTypeParameters.map(() => 'any').join(', ')}>`
          : className;
      const hidden = new Set([...classTypeParameters, ...(member.typeParameters ?? []).map((p) => p.name.text)]);
      const properties = member.parameters.flatMap((parameter, index) => {
        if (decoratorCalls(parameter).some(({ call }) => coreName(call) === 'Ctx')) return [];
        const optional = parameter.questionToken || parameter.initializer ? '?' : '';
        const type =
          parameter.type && canWriteAtModuleScope(parameter.type, hidden)
            ? `(${parameter.type.getText(sourceFile)})`
            : `Parameters<${owner}[${JSON.stringify(methodName)}]>[${index}]`;
        return [`  ${syntheticProperty(index)}${optional}: ${type};`];
      });
      const name = `${prefix}${interfaces.size}`;
      interfaces.set(`${className}.${methodName}`, name);
      lines.push(`interface ${name} {`, ...properties, '}');
    }
  }
  const text = lines.length > 0 ? `\n/* Toolwright scanner: synthetic argument types */\n${lines.join('\n')}\n` : '';
  return { text, interfaces };
}

/** Whether a type annotation means the same when written after the class, at module scope. */
function canWriteAtModuleScope(type: ts.TypeNode, hidden: Set<string>): boolean {
  let ok = true;
  const visit = (node: ts.Node): void => {
    if (!ok) return;
    if (ts.isTypeQueryNode(node) || node.kind === ts.SyntaxKind.ThisType) ok = false;
    else if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && hidden.has(node.typeName.text)) ok = false;
    else ts.forEachChild(node, visit);
  };
  visit(type);
  return ok;
}
