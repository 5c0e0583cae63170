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
 * alias), so imports resolve as they did; each is read once, into a constant at the top of the
 * block, and so is `this.prototype`:
 *
 * ```ts
 * static { const Tool_1 = Tool, Param_1 = Param, prototype_1 = this.prototype; Tool_1(...)(prototype_1, 'a'); ... }
 * ```
 *
 * A static block runs once, so V8 runs it without feedback, and each property read there (what
 * `Tool` becomes in CommonJS output: `core_1.Tool`) takes the slow, generic path: read per tool,
 * they were half the cost of applying the decorators. Returns the class unchanged when no method
 * qualifies.
 */
export function applyToolsDirectly(node: ClassLike, application: DirectApplication): ClassLike {
  const { host, factory } = application;
  const statements: ts.Statement[] = [];
  const locals = new BlockConstants(host, factory);
  const prototype = factory.createUniqueName('prototype');
  const members = node.members.map((member) => {
    if (!host.isMethodDeclaration(member) || !(host.isIdentifier(member.name) || host.isStringLiteral(member.name))) return member;
    const decorators = host.getDecorators(member) ?? [];
    const call = decorators.length === 1 ? application.directCall(decorators[0]) : undefined;
    const toolCall = decorators[0]?.expression;
    if (!call || !toolCall || !host.isCallExpression(toolCall)) return member;
    const parameterDecorators = member.parameters.map((parameter) => host.getDecorators(parameter)?.[0]?.expression);
    if (parameterDecorators.some((expression) => expression === undefined)) return member;
    const args = [
      toolCall.arguments[0] ?? factory.createVoidZero(),
      factory.createStringLiteral(application.embeddedText(call), true),
      factory.createArrayLiteralExpression((parameterDecorators as ts.Expression[]).map((expression) => locals.withCallee(expression))),
    ];
    const applied = factory.createCallExpression(factory.updateCallExpression(toolCall, locals.of(toolCall.expression), toolCall.typeArguments, args), undefined, [
      prototype,
      factory.createStringLiteral(member.name.text),
    ]);
    statements.push(factory.createExpressionStatement(applied));
    const parameters = member.parameters.map((parameter) =>
      factory.updateParameterDeclaration(parameter, withoutDecorators(host, parameter.modifiers), parameter.dotDotDotToken, parameter.name, parameter.questionToken, parameter.type, parameter.initializer),
    );
    return factory.updateMethodDeclaration(member, withoutDecorators(host, member.modifiers), member.asteriskToken, member.name, member.questionToken, member.typeParameters, parameters, member.type, member.body);
  });
  if (statements.length === 0) return node;
  const constants = factory.createVariableStatement(undefined, factory.createVariableDeclarationList([
    ...locals.declarations,
    factory.createVariableDeclaration(prototype, undefined, undefined, factory.createPropertyAccessExpression(factory.createThis(), 'prototype')),
  ], host.NodeFlags.Const));
  const all = factory.createNodeArray([...members, factory.createClassStaticBlockDeclaration(factory.createBlock([constants, ...statements], true))]);
  return host.isClassDeclaration(node)
    ? factory.updateClassDeclaration(node, node.modifiers, node.name, node.typeParameters, node.heritageClauses, all)
    : factory.updateClassExpression(node, node.modifiers, node.name, node.typeParameters, node.heritageClauses, all);
}

/**
 * The callees of the decorator calls of one static block (`Tool`, `tw.Param`), each declared once
 * as a constant of the block: the first occurrence (the source's own node, so that its import
 * resolves as before) initializes it, and every occurrence is replaced by the constant.
 */
class BlockConstants {
  readonly declarations: ts.VariableDeclaration[] = [];
  private readonly byText = new Map<string, ts.Identifier>();

  constructor(private readonly host: typeof ts, private readonly factory: ts.NodeFactory) {}

  /** The constant standing for `callee`, or `callee` itself when it is no plain name or property path. */
  of(callee: ts.Expression): ts.Expression {
    const text = this.pathOf(callee);
    if (text === undefined) return callee;
    let local = this.byText.get(text);
    if (local === undefined) {
      local = this.factory.createUniqueName(text.slice(text.lastIndexOf('.') + 1));
      this.byText.set(text, local);
      this.declarations.push(this.factory.createVariableDeclaration(local, undefined, undefined, callee));
    }
    return local;
  }

  /** A decorator call (`Param('city')`) with its callee replaced by the constant. */
  withCallee(expression: ts.Expression): ts.Expression {
    if (!this.host.isCallExpression(expression)) return expression;
    return this.factory.updateCallExpression(expression, this.of(expression.expression), expression.typeArguments, expression.arguments);
  }

  /** `Tool`, `tw.Tool`: names and property reads only (anything else could differ between reads). */
  private pathOf(expression: ts.Expression): string | undefined {
    if (this.host.isIdentifier(expression)) return expression.text;
    if (this.host.isPropertyAccessExpression(expression) && this.host.isIdentifier(expression.name)) {
      const base = this.pathOf(expression.expression);
      return base === undefined ? undefined : `${base}.${expression.name.text}`;
    }
    return undefined;
  }
}

function withoutDecorators<T extends ts.ModifierLike>(host: typeof ts, modifiers: ts.NodeArray<T> | undefined): T[] | undefined {
  const kept = modifiers?.filter((modifier) => !host.isDecorator(modifier));
  return kept && kept.length > 0 ? kept : undefined;
}
