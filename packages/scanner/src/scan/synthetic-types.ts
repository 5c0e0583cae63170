import * as ts from 'typescript';
import { classKeysOf } from './class-keys';
import { coreDecoratorName } from './find-tools';
import { decoratorCalls } from '../ast/imports';
import { memberDecoratorOf } from './mcp-members';

/** The synthetic argument interfaces added to one source file. */
export interface SyntheticPlan {
  /**
   * The file's text with the interfaces added: appended for top-level classes, and written on
   * the same line right after a class declared inside a function or block (in its scope). No
   * line break is inserted, so the original text keeps its lines.
   */
  apply(original: string): string;
  /** Interface name per tool key (`Class.method`, `Class@n.method` for nested classes). */
  interfaces: Map<string, string>;
}

/** The property of the synthetic interface that stands for parameter `index`. */
export function syntheticProperty(index: number): string {
  return `p${index}`;
}

/**
 * Plans, from syntax alone, one interface per `@Tool` (or MCP `@Prompt` / `@ResourceTemplate`) method of the file's classes (top-level
 * ones, and with `nested` those declared inside functions and blocks): a property per
 * non-`@Ctx` parameter, typed as the parameter's own annotation when it can be written where the
 * interface goes (so aliases keep their JSDoc), else as `Parameters<Class['method']>[i]`.
 */
export function planSyntheticTypes(sourceFile: ts.SourceFile, coreModules: readonly string[], prefix: string, nested = false): SyntheticPlan {
  const interfaces = new Map<string, string>();
  const appended: string[] = [];
  const insertions: Array<{ at: number; text: string }> = [];
  const coreName = (call: ts.CallExpression | undefined): string | undefined => coreDecoratorName(call, sourceFile, coreModules);
  for (const [declaration, classKey] of classKeysOf(sourceFile)) {
    if (classKey.nested && !nested) continue;
    const className = (declaration.name as ts.Identifier).text;
    const classTypeParameters = (declaration.typeParameters ?? []).map((p) => p.name.text);
    const local: string[] = [];
    for (const member of declaration.members) {
      if (!ts.isMethodDeclaration(member)) continue;
      if (!(ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) continue;
      if (!decoratorCalls(member).some(({ call }) => coreName(call) === 'Tool') && !memberDecoratorOf(member, sourceFile)) continue;
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
        const text = parameter.type?.getText(sourceFile);
        const writable = parameter.type !== undefined && canWriteBesideClass(parameter.type, hidden) && (!classKey.nested || isOneLine(text as string));
        const type = writable ? `(${text})` : `Parameters<${owner}[${JSON.stringify(methodName)}]>[${index}]`;
        return [`${syntheticProperty(index)}${optional}: ${type};`];
      });
      const name = `${prefix}${interfaces.size}`;
      interfaces.set(`${classKey.key}.${methodName}`, name);
      if (classKey.nested) local.push(`interface ${name} { ${properties.join(' ')} }`);
      else appended.push(`interface ${name} {`, ...properties.map((p) => `  ${p}`), '}');
    }
    if (local.length > 0) insertions.push({ at: declaration.end, text: ` ${local.join(' ')}` });
  }
  const tail = appended.length > 0 ? `\n/* Toolwright scanner: synthetic argument types */\n${appended.join('\n')}\n` : '';
  return {
    interfaces,
    apply: (original) => {
      let text = original;
      for (const { at, text: added } of [...insertions].sort((a, b) => b.at - a.at)) text = text.slice(0, at) + added + text.slice(at);
      return text + tail;
    },
  };
}

/** Whether a type annotation means the same when written right after its class. */
function canWriteBesideClass(type: ts.TypeNode, hidden: Set<string>): boolean {
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

/** Text that can be joined onto one line as it is (no line break, no line comment). */
function isOneLine(text: string): boolean {
  return !/[\r\n\u2028\u2029]/.test(text) && !text.includes('//');
}
