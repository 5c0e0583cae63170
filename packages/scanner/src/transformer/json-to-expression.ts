import * as ts from 'typescript';

/** Builds the expression of a JSON value (`{ "type": "object", ... }`) for emitted code. */
export function jsonToExpression(value: unknown, factory: ts.NodeFactory = ts.factory): ts.Expression {
  if (value === null) return factory.createNull();
  if (typeof value === 'string') return factory.createStringLiteral(value);
  if (typeof value === 'boolean') return value ? factory.createTrue() : factory.createFalse();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot embed the non-finite number ${value} in a schema`);
    const literal = factory.createNumericLiteral(Math.abs(value));
    return value < 0 || Object.is(value, -0) ? factory.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, literal) : literal;
  }
  if (Array.isArray(value)) return factory.createArrayLiteralExpression(value.map((item) => jsonToExpression(item, factory)), false);
  if (typeof value === 'object') {
    const properties = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) =>
        factory.createPropertyAssignment(
          // A literal "__proto__" key would set the prototype; a computed key defines a property.
          key === '__proto__' ? factory.createComputedPropertyName(factory.createStringLiteral(key)) : factory.createStringLiteral(key),
          jsonToExpression(item, factory),
        ),
      );
    return factory.createObjectLiteralExpression(properties, false);
  }
  throw new Error(`cannot embed a value of type ${typeof value} in a schema`);
}
