import type * as ts from 'typescript';
import { diagnosticAt, type ScanDiagnostic } from '../diagnostics/scan-diagnostic';
import { cloneJson, type SchemaNode } from './json-schema-utils';
import { evaluateStatic, isStaticRegExp, UNKNOWN, type Evaluated } from './static-value';

/** What a default needs to report a problem. */
export interface DefaultContext {
  checker: ts.TypeChecker;
  diagnostics: ScanDiagnostic[];
  toolName: string;
}

/**
 * Records the default value of a parameter (`period: Period = 'week'`) or of a DTO field
 * initializer as the schema's `default`, which core's strict rewrite tells the model ("Default:
 * week.") and passes when the model sends `null`. An initializer the scanner cannot evaluate
 * (a function call, a `let`) still applies at run time, but the model is not told it: a warning.
 */
export function applyInitializerDefault(schema: SchemaNode | undefined, initializer: ts.Expression | undefined, fieldPath: string, context: DefaultContext): void {
  if (schema === undefined || initializer === undefined) return;
  const value = evaluateStatic(initializer, context.checker);
  if (value === undefined) return;
  if (isJson(value)) {
    schema.default = cloneJson(value);
    return;
  }
  // typescript-json-schema writes some initializers it cannot evaluate as text (template
  // literals with their backticks): only a value the scanner evaluated itself is a default.
  delete schema.default;
  context.diagnostics.push(
    diagnosticAt(initializer, {
      category: 'warning',
      toolName: context.toolName,
      parameter: fieldPath,
      message: 'its default value is not a literal the scanner can read, so the model is not told it (it still applies when the model sends null)',
      fix: 'write the default as a literal, or as a const variable holding one',
    }),
  );
}

function isJson(value: Evaluated, depth = 0): boolean {
  if (value === UNKNOWN || value === undefined || depth > 32 || isStaticRegExp(value)) return false;
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  if (typeof value === 'object' && value !== null) return Object.values(value).every((item) => isJson(item, depth + 1));
  return typeof value !== 'number' || Number.isFinite(value);
}
