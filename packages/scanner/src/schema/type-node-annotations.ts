import * as ts from 'typescript';
import type * as TJS from 'typescript-json-schema';
import { applyAliasTags, aliasDeclarationOf } from './alias-annotations';
import { mapValueTypeNode, ownMapValues, usesTypedAlias } from './map-values';
import { isNullSchema, refName, valueBranches, type Definitions, type SchemaNode } from './json-schema-utils';

const MAX_DEPTH = 32;

/**
 * Walks a schema beside the type annotation it was generated from, where the syntax knows more
 * than the type checker: JSDoc tags on type aliases (`/** @asType integer *\/ type Int = number`)
 * reach every place the alias is used — array items, union members, `Record` values, inline
 * object properties, aliases of aliases — and literal unions keep the order they were written in
 * (`'day' | 'week' | 'month'`; typescript-json-schema sorts them, and models read the order as a
 * hint). Object types declared elsewhere are left to the property walk (`walkSchema`).
 *
 * Map values (`Record<string, Int>`, `{ [key: string]: Int }`, `Record<string, Int[]>`, maps of
 * maps, an interface with an index signature) are annotated too: the generator resolves the
 * alias away (`Record<string,number>`, a definition shared with plain `number` maps), so such a
 * map gets its own copy of the value schema first (see `ownMapValues`).
 */
export function applyTypeNodeAnnotations(
  node: SchemaNode,
  typeNode: ts.TypeNode | undefined,
  checker: ts.TypeChecker,
  definitions: Definitions,
  generator: TJS.JsonSchemaGenerator,
  depth = 0,
): void {
  if (typeNode === undefined || depth > MAX_DEPTH) return;
  const next = (child: SchemaNode | undefined, childNode: ts.TypeNode | undefined): void => {
    if (child !== undefined && !Array.isArray(child)) applyTypeNodeAnnotations(child, childNode, checker, definitions, generator, depth + 1);
  };
  const mapValues = mapValueTypeNode(typeNode, checker);
  if (mapValues !== undefined && usesTypedAlias(mapValues, checker)) {
    for (const values of ownMapValues(node, mapValues, checker, generator, definitions)) next(values, mapValues);
    return;
  }
  const referenced = refName(node.$ref);
  if (referenced !== undefined) {
    // A named alias the generator kept as a definition: annotate the definition itself (every
    // use of the alias shares its declaration). Classes and interfaces are the property walk's.
    const alias = ts.isTypeReferenceNode(typeNode) ? aliasDeclarationOf(typeNode, checker) : undefined;
    if (alias !== undefined && definitions[referenced] !== undefined) next(definitions[referenced], typeNode);
    return;
  }
  if (ts.isParenthesizedTypeNode(typeNode) || (ts.isTypeOperatorNode(typeNode) && typeNode.operator === ts.SyntaxKind.ReadonlyKeyword)) {
    next(node, typeNode.type);
  } else if (ts.isArrayTypeNode(typeNode)) {
    for (const branch of valueBranches(node)) next(branch.items as SchemaNode | undefined, typeNode.elementType);
  } else if (ts.isUnionTypeNode(typeNode)) {
    orderLiterals(node, literalsInOrder(typeNode, checker, depth));
    integerMembers(node, typeNode, checker);
  } else if (ts.isTypeLiteralNode(typeNode)) {
    for (const branch of valueBranches(node)) {
      for (const member of typeNode.members) {
        if (!ts.isPropertySignature(member) || !member.name || !(ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) continue;
        next(branch.properties?.[member.name.text], member.type);
      }
    }
  } else if (ts.isTypeReferenceNode(typeNode)) {
    const alias = aliasDeclarationOf(typeNode, checker);
    if (alias && !alias.getSourceFile().hasNoDefaultLib) {
      next(node, alias.type);
      applyAliasTags(node, alias);
      return;
    }
    const name = ts.isIdentifier(typeNode.typeName) ? typeNode.typeName.text : undefined;
    const [first, second] = typeNode.typeArguments ?? [];
    if ((name === 'Array' || name === 'ReadonlyArray') && first) {
      for (const branch of valueBranches(node)) next(branch.items as SchemaNode | undefined, first);
    } else if (name === 'Record' && second) {
      for (const branch of valueBranches(node)) {
        for (const child of Object.values(branch.properties ?? {})) next(child, second);
        if (typeof branch.additionalProperties === 'object') next(branch.additionalProperties, second);
      }
    }
  }
}

/** The literal members of a union, in the order they are written (through aliases of unions). */
function literalsInOrder(union: ts.UnionTypeNode, checker: ts.TypeChecker, depth: number): unknown[] {
  const out: unknown[] = [];
  const visit = (node: ts.TypeNode, level: number): void => {
    if (level > MAX_DEPTH) return;
    if (ts.isParenthesizedTypeNode(node)) visit(node.type, level + 1);
    else if (ts.isUnionTypeNode(node)) node.types.forEach((member) => visit(member, level + 1));
    else if (ts.isLiteralTypeNode(node)) {
      const literal = node.literal;
      if (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) out.push(literal.text);
      else if (ts.isNumericLiteral(literal)) out.push(Number(literal.text));
      else if (ts.isPrefixUnaryExpression(literal) && ts.isNumericLiteral(literal.operand)) {
        out.push(literal.operator === ts.SyntaxKind.MinusToken ? -Number(literal.operand.text) : Number(literal.operand.text));
      } else if (literal.kind === ts.SyntaxKind.TrueKeyword) out.push(true);
      else if (literal.kind === ts.SyntaxKind.FalseKeyword) out.push(false);
      else if (literal.kind === ts.SyntaxKind.NullKeyword) out.push(null);
    } else if (ts.isTypeReferenceNode(node)) {
      const alias = aliasDeclarationOf(node, checker);
      if (alias) visit(alias.type, level + 1);
    }
  };
  visit(union, depth);
  return out;
}

/** Puts the values of every `enum` of the node (or its branches) in source order. */
function orderLiterals(node: SchemaNode, order: unknown[]): void {
  if (order.length < 2) return;
  const rank = (value: unknown): number => {
    const index = order.findIndex((candidate) => candidate === value);
    return index < 0 ? order.length : index;
  };
  const targets = Array.isArray(node.anyOf) ? [node, ...node.anyOf] : [node];
  for (const target of targets) {
    if (Array.isArray(target.enum)) target.enum = [...target.enum].sort((a, b) => rank(a) - rank(b));
  }
  if (Array.isArray(node.anyOf)) {
    node.anyOf = [...node.anyOf].sort((a, b) => rank(firstValue(a)) - rank(firstValue(b)));
  }
}

function firstValue(node: SchemaNode): unknown {
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum)) return node.enum[0];
  return isNullSchema(node) ? null : undefined;
}

/**
 * `Int | string` where `Int` is an `@asType integer` alias: the `number` the generator wrote for
 * it becomes `integer`, unless another member of the union is a plain number.
 */
function integerMembers(node: SchemaNode, union: ts.UnionTypeNode, checker: ts.TypeChecker): void {
  let integers = 0;
  let numbers = 0;
  for (const member of union.types) {
    const alias = ts.isTypeReferenceNode(member) ? aliasDeclarationOf(member, checker) : undefined;
    const tag = alias && ts.getJSDocTags(alias).find((t) => t.tagName.text === 'asType' || t.tagName.text === 'type');
    const text = tag ? ts.getTextOfJSDocComment(tag.comment)?.trim() : undefined;
    if (text === 'integer') integers++;
    else if (checker.getTypeFromTypeNode(member).flags & ts.TypeFlags.NumberLike) numbers++;
  }
  if (integers === 0 || numbers > 0) return;
  const narrow = (target: SchemaNode): void => {
    if (target.type === 'number') target.type = 'integer';
    else if (Array.isArray(target.type)) target.type = target.type.map((t) => (t === 'number' ? 'integer' : t));
  };
  narrow(node);
  if (Array.isArray(node.anyOf)) node.anyOf.forEach(narrow);
}
