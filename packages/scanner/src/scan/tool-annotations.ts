import * as ts from 'typescript';
import { evaluateStatic, isStaticObject } from '../schema/static-value';
import type { ToolAnnotationRecord } from './tool-site';

const ANNOTATION_KEYS: ReadonlySet<string> = new Set(['readOnly', 'destructive', 'idempotent', 'openWorld', 'sequential', 'retrySafe']);

/**
 * The risk annotations and execution hints an `@Tool(options)` argument gives as booleans the
 * scanner can read: properties of the object literal (`readOnly: true`, a `const` boolean) and
 * of spread `const` objects (`...CAREFUL`), later ones winning as at run time. Other options may
 * be anything (functions, guardrail lists); they do not hide the annotations. `undefined` when
 * none is found.
 */
export function annotationsOf(options: ts.Expression | undefined, checker: ts.TypeChecker): ToolAnnotationRecord | undefined {
  const literal = options && unwrap(options);
  if (!literal) return undefined;
  if (!ts.isObjectLiteralExpression(literal)) {
    const value = evaluateStatic(literal, checker);
    return isStaticObject(value) ? pick(Object.entries(value), {}) : undefined;
  }
  let out: ToolAnnotationRecord = {};
  for (const property of literal.properties) {
    if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
      if (!ANNOTATION_KEYS.has(property.name.text)) continue;
      out = pick([[property.name.text, evaluateStatic(property.initializer, checker)]], out);
    } else if (ts.isShorthandPropertyAssignment(property) && ANNOTATION_KEYS.has(property.name.text)) {
      out = pick([[property.name.text, evaluateStatic(property.name, checker)]], out);
    } else if (ts.isSpreadAssignment(property)) {
      const spread = evaluateStatic(property.expression, checker);
      if (isStaticObject(spread)) out = pick(Object.entries(spread), out);
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function pick(entries: Array<[string, unknown]>, into: ToolAnnotationRecord): ToolAnnotationRecord {
  for (const [key, value] of entries) {
    if (!ANNOTATION_KEYS.has(key)) continue;
    // A value the scanner cannot read, or `undefined`, overrides an earlier one: the key is left out.
    if (typeof value === 'boolean') into[key as keyof ToolAnnotationRecord] = value;
    else delete into[key as keyof ToolAnnotationRecord];
  }
  return into;
}

function unwrap(expression: ts.Expression): ts.Expression {
  let e = expression;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  return e;
}
