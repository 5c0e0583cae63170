import * as ts from 'typescript';
import { diagnosticAt, type ScanDiagnostic } from '../diagnostics/scan-diagnostic';
import { evaluateStatic, isStaticObject, UNKNOWN } from '../schema/static-value';
import { classKeysOf } from './class-keys';
import { decoratorCalls, resolveImportedCallee } from '../ast/imports';
import { toSnakeCase } from '@toolwright/core/internal';
import { annotationsOf } from './tool-annotations';
import type { ToolParameterSite, ToolSite } from './tool-site';
import { memberDecoratorOf, type MemberDecorator } from './mcp-members';

/** The module specifiers that export Toolwright's decorators. */
export const DEFAULT_CORE_MODULES: readonly string[] = ['@toolwright/core'];

/** What {@link findToolSites} found in one file. */
export interface FoundTools {
  sites: ToolSite[];
  diagnostics: ScanDiagnostic[];
}

/** Whether a source file is the user's own code: not a declaration file, not under node_modules. */
export function isUserFile(sourceFile: ts.SourceFile): boolean {
  return !sourceFile.isDeclarationFile && !/[\\/]node_modules[\\/]/.test(sourceFile.fileName);
}

/** Whether a source file may declare tools at all (a cheap text test before walking it). */
export function mayDeclareTools(sourceFile: ts.SourceFile, coreModules: readonly string[]): boolean {
  return isUserFile(sourceFile) && coreModules.some((module) => sourceFile.text.includes(module));
}

/** The name of the core decorator a decorator call refers to (`Tool`, `Param`, ...), if any. */
export function coreDecoratorName(
  call: ts.CallExpression | undefined,
  sourceFile: ts.SourceFile,
  coreModules: readonly string[],
): string | undefined {
  if (!call) return undefined;
  const imported = resolveImportedCallee(call.expression, sourceFile);
  return imported && coreModules.includes(imported.module) ? imported.name : undefined;
}

/**
 * Finds every `@Tool` method of the classes declared in `sourceFile`, and every MCP `@Prompt` /
 * `@ResourceTemplate` method (sites with `member` set). Classes declared inside a
 * function or block are reached with `nested` (the transformer, which embeds their schemas);
 * otherwise they are reported, since a manifest cannot key them.
 */
export function findToolSites(
  sourceFile: ts.SourceFile,
  checker: ts.TypeChecker,
  coreModules: readonly string[] = DEFAULT_CORE_MODULES,
  nested = false,
): FoundTools {
  const found: FoundTools = { sites: [], diagnostics: [] };
  const keys = classKeysOf(sourceFile);
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node)) {
      const key = keys.get(node);
      collectClass(node, key && (nested || !key.nested) ? key.key : undefined, sourceFile, checker, coreModules, found);
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of sourceFile.statements) visit(statement);
  return found;
}

function collectClass(
  declaration: ts.ClassDeclaration,
  classKey: string | undefined,
  sourceFile: ts.SourceFile,
  checker: ts.TypeChecker,
  coreModules: readonly string[],
  found: FoundTools,
): void {
  for (const member of declaration.members) {
    if (!ts.isMethodDeclaration(member)) continue;
    const tool = decoratorCalls(member).find(({ call }) => coreDecoratorName(call, sourceFile, coreModules) === 'Tool');
    if (tool?.call) collectMethod(declaration, member, tool.call, undefined, classKey, sourceFile, checker, coreModules, found);
    const decorator = memberDecoratorOf(member, sourceFile);
    if (decorator) collectMethod(declaration, member, decorator.call, decorator, classKey, sourceFile, checker, coreModules, found);
  }
}

/** One `@Tool` method, or (with `decorator`) one `@Prompt` / `@ResourceTemplate` method. */
function collectMethod(
  declaration: ts.ClassDeclaration,
  member: ts.MethodDeclaration,
  call: ts.CallExpression,
  decorator: MemberDecorator | undefined,
  classKey: string | undefined,
  sourceFile: ts.SourceFile,
  checker: ts.TypeChecker,
  coreModules: readonly string[],
  found: FoundTools,
): void {
  const methodName = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : undefined;
  const optionsArgument = call.arguments[decorator?.kind === 'template' ? 1 : 0];
  const options = optionsArgument ? evaluateStatic(optionsArgument, checker) : undefined;
  const staticName = isStaticObject(options) && typeof options.name === 'string' ? options.name : undefined;
  const toolName = staticName ?? (decorator ? (methodName ?? 'member') : toSnakeCase(methodName ?? 'tool'));
  if (!declaration.name || classKey === undefined || methodName === undefined) {
    found.diagnostics.push(
      diagnosticAt(member.name, {
        toolName,
        message: !declaration.name
          ? `the scanner cannot reach a ${decorator ? 'prompt or resource template' : 'tool'} declared in an anonymous class`
          : classKey === undefined
            ? `a manifest cannot name class ${declaration.name.text}: it is declared inside a function or block (${decorator ? 'schemas' : 'tools'} are looked up by class and method)`
            : `the scanner cannot name a ${decorator ? 'method' : 'tool method'} with a computed name`,
        fix: !declaration.name || methodName === undefined
          ? 'declare the toolkit as a named class with plain method names'
          : 'declare the toolkit at the top level of its module, or compile through the @toolwright/scanner transformer, which embeds the schema',
      }),
    );
    return;
  }
  const strict = !decorator && !(isStaticObject(options) && options.strict === false);
  const literalOptions = optionsArgument === undefined || options === undefined || isStaticObject(options);
  const annotations = decorator ? undefined : annotationsOf(optionsArgument, checker);
  const parameters = collectParameters(member, sourceFile, checker, coreModules, toolName, found.diagnostics);
  if (!parameters) return;
  found.sites.push({
    sourceFile,
    classDeclaration: declaration,
    className: classKey,
    method: member,
    methodName,
    call,
    toolName,
    strict,
    literalOptions,
    ...(annotations ? { annotations } : {}),
    ...(decorator ? { member: decorator.kind } : {}),
    hasEmbeddedSchema: call.arguments.length > (decorator?.schemaArgument ?? 1),
    parameters,
  });
}

function collectParameters(
  method: ts.MethodDeclaration,
  sourceFile: ts.SourceFile,
  checker: ts.TypeChecker,
  coreModules: readonly string[],
  toolName: string,
  diagnostics: ScanDiagnostic[],
): ToolParameterSite[] | undefined {
  const sites: ToolParameterSite[] = [];
  let ok = true;
  method.parameters.forEach((declaration, index) => {
    const marks = decoratorCalls(declaration)
      .map(({ call }) => ({ call, name: coreDecoratorName(call, sourceFile, coreModules) }))
      .filter((mark): mark is { call: ts.CallExpression; name: 'Param' | 'Args' | 'Ctx' } =>
        mark.name === 'Param' || mark.name === 'Args' || mark.name === 'Ctx',
      );
    const label = ts.isIdentifier(declaration.name) ? declaration.name.text : `#${index}`;
    if (marks.length !== 1) {
      diagnostics.push(
        diagnosticAt(declaration, {
          toolName,
          parameter: label,
          message: marks.length === 0 ? 'has none of @Param, @Args or @Ctx' : 'has more than one of @Param, @Args and @Ctx',
          fix: 'give every parameter of a tool method exactly one of @Param(name), @Args() or @Ctx()',
        }),
      );
      ok = false;
      return;
    }
    const [mark] = marks;
    const optional = isOptionalParameter(declaration, checker);
    if (mark.name !== 'Param') {
      sites.push({ index, declaration, kind: mark.name === 'Args' ? 'args' : 'ctx', optional });
      return;
    }
    const name = mark.call.arguments[0] ? evaluateStatic(mark.call.arguments[0], checker) : UNKNOWN;
    const options = mark.call.arguments[1] ? evaluateStatic(mark.call.arguments[1], checker) : undefined;
    if (typeof name !== 'string') {
      diagnostics.push(
        diagnosticAt(mark.call, {
          toolName,
          parameter: label,
          message: "@Param's name is not a string literal",
          fix: "write the name as a literal, e.g. @Param('city')",
        }),
      );
      ok = false;
      return;
    }
    if (options !== undefined && !isStaticObject(options)) {
      diagnostics.push(
        diagnosticAt(mark.call.arguments[1], {
          toolName,
          parameter: name,
          message: "@Param's options are not a literal object the scanner can read",
          fix: 'write the options inline as an object literal of literal values',
        }),
      );
      ok = false;
      return;
    }
    sites.push({ index, declaration, kind: 'param', name, options, optional });
  });
  return ok ? sites : undefined;
}

/** A parameter is optional when it has `?`, a default value, or a type including `undefined`. */
function isOptionalParameter(declaration: ts.ParameterDeclaration, checker: ts.TypeChecker): boolean {
  if (declaration.questionToken || declaration.initializer) return true;
  const type = checker.getTypeAtLocation(declaration);
  const members = type.isUnion() ? type.types : [type];
  return members.some((member) => (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0);
}
