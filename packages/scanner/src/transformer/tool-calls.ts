import * as ts from 'typescript';
import { classKeysOf } from '../scan/class-keys';
import { coreDecoratorName } from '../scan/find-tools';
import { decoratorCalls } from '../ast/imports';
import type { ScannedTool } from '../scan/scan-tools';
import { memberDecoratorOf } from '../scan/mcp-members';

/** A `@Tool(...)` (or MCP `@Prompt(...)` / `@ResourceTemplate(...)`) call the transformer rewrites. */
export interface ToolCall {
  tool: ScannedTool;
  /** The argument the embedded schema goes in: 1 for `@Tool` and `@Prompt`, 2 for `@ResourceTemplate`. */
  schemaArgument: number;
  /**
   * Whether the decorators of the method are only this `@Tool` and, on each parameter, one
   * `@Param` or `@Ctx`, and the same holds for every `@Tool` method of its class: the transformer
   * then applies them directly in a static block, without TypeScript's `__decorate` and
   * `design:*` metadata (see `direct-application.ts`). All or none of a class, so that its tools
   * are registered, and listed, in declaration order; none in a class with a decorator of another
   * library (a Nest provider's pipes read the `design:paramtypes` of its methods).
   */
  direct: boolean;
}

/**
 * The `@Tool(...)` calls of a file's scanned tools (and the `@Prompt(...)` / `@ResourceTemplate(...)`
 * calls of its scanned members), keyed by the end offset of the call in the
 * file's text. The transformer finds the calls to rewrite by position, so that it can edit a
 * syntax tree made by another TypeScript version than the one the scanner analyses with (the
 * text, and so every offset, is the same).
 */
export function toolCallEnds(
  sourceFile: ts.SourceFile,
  tools: ReadonlyMap<string, ScannedTool>,
  coreModules: readonly string[],
  members: ReadonlyMap<string, ScannedTool> = new Map(),
): Map<number, ToolCall> {
  const calls = new Map<number, ToolCall>();
  if (tools.size === 0 && members.size === 0) return calls;
  for (const [declaration, { key }] of classKeysOf(sourceFile)) {
    const found: ToolCall[] = [];
    let allDirect = decoratorCalls(declaration).every(({ call }) => coreDecoratorName(call, sourceFile, coreModules) !== undefined);
    for (const member of declaration.members) {
      const named = ts.isMethodDeclaration(member) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name));
      // A prompt or resource template gets its schema as an extra argument (never applied directly).
      const memberDecorator = named && members.size > 0 ? memberDecoratorOf(member, sourceFile) : undefined;
      const scannedMember = memberDecorator ? members.get(`${key}.${(member.name as ts.Identifier).text}`) : undefined;
      if (memberDecorator && scannedMember && memberDecorator.call.arguments.length <= memberDecorator.schemaArgument) {
        calls.set(memberDecorator.call.end, { tool: scannedMember, direct: false, schemaArgument: memberDecorator.schemaArgument });
      }
      const decorators = decoratorCalls(member);
      const decorator = decorators.find(({ call }) => coreDecoratorName(call, sourceFile, coreModules) === 'Tool');
      if (!decorator) continue;
      const tool = named ? tools.get(`${key}.${member.name.text}`) : undefined;
      if (!tool || !decorator.call || decorator.call.arguments.length >= 2 || !ts.isMethodDeclaration(member)) {
        allDirect = false;
        continue;
      }
      const direct = decorators.length === 1 && member.parameters.every((parameter) => {
        const marks = decoratorCalls(parameter);
        const name = marks.length === 1 ? coreDecoratorName(marks[0].call, sourceFile, coreModules) : undefined;
        return name === 'Param' || name === 'Ctx';
      });
      allDirect &&= direct;
      const call = { tool, direct, schemaArgument: 1 };
      found.push(call);
      calls.set(decorator.call.end, call);
    }
    if (!allDirect) for (const call of found) call.direct = false;
  }
  return calls;
}
