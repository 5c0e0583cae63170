import type * as ts from 'typescript';
import { decoratorCalls, resolveImportedCallee } from '../ast/imports';

/** The module that exports the MCP decorators whose methods take `@Param` arguments. */
export const MCP_MODULE = '@toolwright/mcp';

/**
 * A decorated method that is not a tool but takes `@Param` arguments with build-time schemas:
 * an MCP `@Prompt` (prompt arguments) or `@ResourceTemplate` (the template's variables).
 */
export type MemberKind = 'prompt' | 'template';

/** A `@Prompt(...)` or `@ResourceTemplate(...)` decorator call on a method. */
export interface MemberDecorator {
  kind: MemberKind;
  call: ts.CallExpression;
  /** The argument the embedded schema goes in: `@Prompt(options, schema)`, `@ResourceTemplate(uri, options, schema)`. */
  schemaArgument: number;
}

/** The `@Prompt` or `@ResourceTemplate` decorator of a method, imported from `@toolwright/mcp`. */
export function memberDecoratorOf(member: ts.Node, sourceFile: ts.SourceFile): MemberDecorator | undefined {
  if (!sourceFile.text.includes(MCP_MODULE)) return undefined;
  for (const { call } of decoratorCalls(member)) {
    if (!call) continue;
    const imported = resolveImportedCallee(call.expression, sourceFile);
    if (imported?.module !== MCP_MODULE) continue;
    if (imported.name === 'Prompt') return { kind: 'prompt', call, schemaArgument: 1 };
    if (imported.name === 'ResourceTemplate') return { kind: 'template', call, schemaArgument: 2 };
  }
  return undefined;
}
