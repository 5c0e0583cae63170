import type * as ts from 'typescript';
import type { StaticValue } from '../schema/static-value';
import type { MemberKind } from './mcp-members';

/** Risk annotations and execution hints as a manifest records them (only those declared). */
export type ToolAnnotationRecord = Partial<Record<'readOnly' | 'destructive' | 'idempotent' | 'openWorld' | 'sequential' | 'retrySafe', boolean>>;

/** One parameter of a tool method, as the decorators describe it. */
export interface ToolParameterSite {
  index: number;
  declaration: ts.ParameterDeclaration;
  kind: 'param' | 'args' | 'ctx';
  /** The `@Param('name')` name. */
  name?: string;
  /** The `@Param(name, options)` options, when they are literal. */
  options?: { [key: string]: StaticValue };
  /** `?`, a default value, or a type including `undefined`. */
  optional: boolean;
}

/** A `@Tool` method found in the program. */
export interface ToolSite {
  sourceFile: ts.SourceFile;
  classDeclaration: ts.ClassDeclaration;
  /** The class's name; `Name@n` for the n-th class of that name declared inside a function or block. */
  className: string;
  method: ts.MethodDeclaration;
  methodName: string;
  /** The `@Tool(...)` call. */
  call: ts.CallExpression;
  /** The tool's name as the model sees it (for messages). */
  toolName: string;
  /** `false` when `@Tool({ strict: false })`. */
  strict: boolean;
  /** Whether the `@Tool` options are absent or a literal the scanner read (so `strict` is certain). */
  literalOptions: boolean;
  /**
   * The risk annotations and execution hints (`readOnly`, `destructive`, `idempotent`,
   * `openWorld`, `sequential`, `retrySafe`) the `@Tool` options give as literal booleans.
   */
  annotations?: ToolAnnotationRecord;
  /** Set for an MCP `@Prompt` or `@ResourceTemplate` method (then `call` is that decorator's call, and `strict` is false). */
  member?: MemberKind;
  /** Whether the decorator call already passes an embedded schema (`@Tool`'s second argument). */
  hasEmbeddedSchema: boolean;
  parameters: ToolParameterSite[];
}

/** `Class.method`, the key of a tool in the manifest (`Class@n.method` for a nested class, never in a manifest). */
export function toolKey(site: Pick<ToolSite, 'className' | 'methodName'>): string {
  return `${site.className}.${site.methodName}`;
}
