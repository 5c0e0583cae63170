import type * as ts from 'typescript';
import type { ToolCall } from './tool-calls';

/** A class whose `@Tool` methods the transformer may apply directly. */
type ClassLike = ts.ClassDeclaration | ts.ClassExpression;

/** What {@link applyToolsDirectly} needs of the transformation it runs in. */
export interface DirectApplication {
  host: typeof ts;
  factory: ts.NodeFactory;
  /** The direct `@Tool` call a decorator of the (transformed) tree stands for, if any. */
  directCall: (decorator: ts.Decorator) => ToolCall | undefined;
  /** The text to embed as the second argument of `@Tool(...)`. */
  embeddedText: (call: ToolCall) => string;
}

/**
 * Applies the `@Tool` methods of a class whose only decorators are `@Tool` and one `@Param` or
 * `@Ctx` per parameter directly, in a static block at the end of the class body:
 *
 * ```ts
 * static { Tool(options, '<schema>', [Param('city'), Ctx()])(this.prototype, 'getWeather'); }
 * ```
 *
 * The decorators are the same calls, run in the same order (parameters last to first, then
 * `@Tool`), when the class is defined, but without TypeScript's `__decorate` and `__param`
 * wrappers and the `design:type`, `design:paramtypes` and `design:returntype` metadata that
 * `emitDecoratorMetadata` adds to every decorated member. Nothing reads those for such a method:
 * the schema is embedded and the parameter count is the array's length. For a class of a
 * thousand tools this takes most of the time and memory of defining it (see the bench's Define
 * scenario). The callee expressions are the ones written in the source (`Tool`, `tw.Tool`, an
 * alias), so imports resolve as they did. Returns the class unchanged when no method qualifies.
 */
export function applyToolsDirectly(node: ClassLike, application: DirectApplication): ClassLike {
  const { host, factory } = application;
  const statements: ts.Statement[] = [];
  const members = node.members.map((member) => {
    if (!host.isMethodDeclaration(member) || !(host.isIdentifier(member.name) || host.isStringLiteral(member.name))) return member;
    const decorators = host.getDecorators(member) ?? [];
    const call = decorators.length === 1 ? application.directCall(decorators[0]) : undefined;
    const toolCall = decorators[0]?.expression;
    if (!call || !toolCall || !host.isCallExpression(toolCall)) return member;
    const parameterDecorators = member.parameters.map((parameter) => host.getDecorators(parameter)?.[0]?.expression);
    if (parameterDecorators.some((expression) => expression === undefined)) return member;
    const args = [toolCall.arguments[0] ?? factory.createVoidZero(), factory.createStringLiteral(application.embeddedText(call), true), factory.createArrayLiteralExpression(parameterDecorators as ts.Expression[])];
    const applied = factory.createCallExpression(factory.updateCallExpression(toolCall, toolCall.expression, toolCall.typeArguments, args), undefined, [
      factory.createPropertyAccessExpression(factory.createThis(), 'prototype'),
      factory.createStringLiteral(member.name.text),
    ]);
    statements.push(factory.createExpressionStatement(applied));
    const parameters = member.parameters.map((parameter) =>
      factory.updateParameterDeclaration(parameter, withoutDecorators(host, parameter.modifiers), parameter.dotDotDotToken, parameter.name, parameter.questionToken, parameter.type, parameter.initializer),
    );
    return factory.updateMethodDeclaration(member, withoutDecorators(host, member.modifiers), member.asteriskToken, member.name, member.questionToken, member.typeParameters, parameters, member.type, member.body);
  });
  if (statements.length === 0) return node;
  const all = factory.createNodeArray([...members, factory.createClassStaticBlockDeclaration(factory.createBlock(statements, true))]);
  return host.isClassDeclaration(node)
    ? factory.updateClassDeclaration(node, node.modifiers, node.name, node.typeParameters, node.heritageClauses, all)
    : factory.updateClassExpression(node, node.modifiers, node.name, node.typeParameters, node.heritageClauses, all);
}

function withoutDecorators<T extends ts.ModifierLike>(host: typeof ts, modifiers: ts.NodeArray<T> | undefined): T[] | undefined {
  const kept = modifiers?.filter((modifier) => !host.isDecorator(modifier));
  return kept && kept.length > 0 ? kept : undefined;
}
