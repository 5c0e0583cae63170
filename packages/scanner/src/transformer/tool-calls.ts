import * as ts from 'typescript';
import { classKeysOf } from '../scan/class-keys';
import { coreDecoratorName } from '../scan/find-tools';
import { decoratorCalls } from '../ast/imports';
import type { ScannedTool } from '../scan/scan-tools';

/**
 * The `@Tool(...)` calls of a file's scanned tools, keyed by the end offset of the call in the
 * file's text. The transformer finds the calls to rewrite by position, so that it can edit a
 * syntax tree made by another TypeScript version than the one the scanner analyses with (the
 * text, and so every offset, is the same).
 */
export function toolCallEnds(sourceFile: ts.SourceFile, tools: ReadonlyMap<string, ScannedTool>, coreModules: readonly string[]): Map<number, ScannedTool> {
  const calls = new Map<number, ScannedTool>();
  if (tools.size === 0) return calls;
  for (const [declaration, { key }] of classKeysOf(sourceFile)) {
    for (const member of declaration.members) {
      if (!ts.isMethodDeclaration(member) || !(ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) continue;
      const tool = tools.get(`${key}.${member.name.text}`);
      if (!tool) continue;
      const decorator = decoratorCalls(member).find(({ call }) => coreDecoratorName(call, sourceFile, coreModules) === 'Tool');
      if (decorator?.call && decorator.call.arguments.length < 2) calls.set(decorator.call.end, tool);
    }
  }
  return calls;
}
