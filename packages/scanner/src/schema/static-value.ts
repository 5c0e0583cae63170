import * as ts from 'typescript';

/** A regular expression literal, kept as source and flags. */
export interface StaticRegExp {
  kind: 'regexp';
  source: string;
  flags: string;
}

/** A value the scanner could compute from source without running it. */
export type StaticValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | StaticRegExp
  | StaticValue[]
  | { [key: string]: StaticValue };

/** Marks an expression whose value is only known at run time. */
export const UNKNOWN: unique symbol = Symbol('unknown static value');

/** A computed value, or {@link UNKNOWN}. */
export type Evaluated = StaticValue | typeof UNKNOWN;

const MAX_DEPTH = 8;

/**
 * Evaluates literal expressions the way decorator arguments are usually written: literals,
 * arrays, object literals, regular expressions, negative numbers, enum members and `const`
 * variables initialised with such expressions.
 */
export function evaluateStatic(expression: ts.Expression, checker: ts.TypeChecker, depth = 0): Evaluated {
  if (depth > MAX_DEPTH) return UNKNOWN;
  const next = (e: ts.Expression): Evaluated => evaluateStatic(e, checker, depth + 1);
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return expression.text;
  if (ts.isNumericLiteral(expression)) return Number(expression.text.replace(/_/g, ''));
  if (expression.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (expression.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (expression.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression)) {
    return next(expression.expression);
  }
  if (ts.isTypeAssertionExpression(expression)) return next(expression.expression);
  if (ts.isPrefixUnaryExpression(expression)) {
    const operand = next(expression.operand);
    if (typeof operand !== 'number') return UNKNOWN;
    if (expression.operator === ts.SyntaxKind.MinusToken) return -operand;
    if (expression.operator === ts.SyntaxKind.PlusToken) return operand;
    return UNKNOWN;
  }
  if (ts.isRegularExpressionLiteral(expression)) {
    const text = expression.text;
    const end = text.lastIndexOf('/');
    return { kind: 'regexp', source: text.slice(1, end), flags: text.slice(end + 1) };
  }
  if (ts.isArrayLiteralExpression(expression)) {
    const values: StaticValue[] = [];
    for (const element of expression.elements) {
      const value = next(element);
      if (value === UNKNOWN) return UNKNOWN;
      values.push(value);
    }
    return values;
  }
  if (ts.isObjectLiteralExpression(expression)) return evaluateObject(expression, checker, depth);
  if (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) {
    const constant = checker.getConstantValue(expression);
    if (constant !== undefined) return constant;
    return fromDeclaration(expression, checker, depth);
  }
  if (ts.isIdentifier(expression)) {
    if (expression.text === 'undefined') return undefined;
    return fromDeclaration(expression, checker, depth);
  }
  return UNKNOWN;
}

function evaluateObject(expression: ts.ObjectLiteralExpression, checker: ts.TypeChecker, depth: number): Evaluated {
  const result: { [key: string]: StaticValue } = {};
  for (const property of expression.properties) {
    if (ts.isPropertyAssignment(property)) {
      const key = propertyKey(property.name, checker, depth);
      if (key === undefined) return UNKNOWN;
      const value = evaluateStatic(property.initializer, checker, depth + 1);
      if (value === UNKNOWN) return UNKNOWN;
      result[key] = value;
    } else if (ts.isShorthandPropertyAssignment(property)) {
      const value = evaluateStatic(property.name, checker, depth + 1);
      if (value === UNKNOWN) return UNKNOWN;
      result[property.name.text] = value;
    } else {
      return UNKNOWN;
    }
  }
  return result;
}

function propertyKey(name: ts.PropertyName, checker: ts.TypeChecker, depth: number): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) {
    const value = evaluateStatic(name.expression, checker, depth + 1);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  }
  return undefined;
}

/** Follows an identifier to a `const` declaration and evaluates its initializer. */
function fromDeclaration(expression: ts.Expression, checker: ts.TypeChecker, depth: number): Evaluated {
  let symbol = checker.getSymbolAtLocation(expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return UNKNOWN;
  const list = declaration.parent;
  if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) return UNKNOWN;
  return evaluateStatic(declaration.initializer, checker, depth + 1);
}

/** Whether a static value is a plain object (not an array, a regexp or null). */
export function isStaticObject(value: Evaluated): value is { [key: string]: StaticValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as StaticRegExp).kind !== 'regexp';
}

/** Whether a static value is a regular expression literal. */
export function isStaticRegExp(value: Evaluated): value is StaticRegExp {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as StaticRegExp).kind === 'regexp';
}
