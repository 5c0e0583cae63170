import * as ts from 'typescript';
import type * as TJS from 'typescript-json-schema';
import { aliasDeclarationOf } from './alias-annotations';
import { schemaOfType } from './generator';
import { cloneJson, refName, valueBranches, type Definitions, type SchemaNode } from './json-schema-utils';

const MAX_DEPTH = 32;

/**
 * The type node of a map's values, written as `Record<string, V>`, `{ [key: string]: V }`, or a
 * reference to an interface, class or alias whose declaration has such an index signature;
 * `undefined` for any other type node.
 */
export function mapValueTypeNode(typeNode: ts.TypeNode, checker: ts.TypeChecker, depth = 0): ts.TypeNode | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (ts.isParenthesizedTypeNode(typeNode)) return mapValueTypeNode(typeNode.type, checker, depth + 1);
  if (ts.isTypeLiteralNode(typeNode)) return indexSignatureType(typeNode.members);
  if (!ts.isTypeReferenceNode(typeNode)) return undefined;
  const name = ts.isIdentifier(typeNode.typeName) ? typeNode.typeName.text : undefined;
  const [key, value] = typeNode.typeArguments ?? [];
  if (name === 'Record' && key && value && !(checker.getTypeFromTypeNode(key).flags & (ts.TypeFlags.Union | ts.TypeFlags.StringLiteral))) return value;
  let symbol = checker.getSymbolAtLocation(typeNode.typeName);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  for (const declaration of symbol?.declarations ?? []) {
    if (ts.isInterfaceDeclaration(declaration) || ts.isClassDeclaration(declaration)) {
      const found = indexSignatureType(declaration.members);
      if (found) return found;
    } else if (ts.isTypeAliasDeclaration(declaration) && !declaration.getSourceFile().hasNoDefaultLib) {
      return mapValueTypeNode(declaration.type, checker, depth + 1);
    }
  }
  return undefined;
}

function indexSignatureType(members: ts.NodeArray<ts.TypeElement | ts.ClassElement>): ts.TypeNode | undefined {
  for (const member of members) if (ts.isIndexSignatureDeclaration(member)) return member.type;
  return undefined;
}

/** Whether a type node uses, anywhere, a type alias tagged `@asType` (or `@type`). */
export function usesTypedAlias(typeNode: ts.Node, checker: ts.TypeChecker, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (ts.isTypeReferenceNode(typeNode)) {
    const alias = aliasDeclarationOf(typeNode, checker);
    if (alias && !alias.getSourceFile().hasNoDefaultLib) {
      if (ts.getJSDocTags(alias).some((t) => t.tagName.text === 'asType' || t.tagName.text === 'type')) return true;
      if (usesTypedAlias(alias.type, checker, depth + 1)) return true;
    }
    // The values of an interface or class with an index signature are declared elsewhere.
    const named = ts.isIdentifier(typeNode.typeName) ? typeNode.typeName.text : undefined;
    const values = named === 'Record' ? undefined : mapValueTypeNode(typeNode, checker);
    if (values && usesTypedAlias(values, checker, depth + 1)) return true;
  }
  return ts.forEachChild(typeNode, (child) => (usesTypedAlias(child, checker, depth + 1) ? true : undefined)) ?? false;
}

/**
 * Gives a map node (the schema of `Record<string, V>` or an index signature) its own
 * `additionalProperties` schema for its values, so the annotations of `V` can be applied there:
 * a `$ref` to a shared definition (typescript-json-schema names `Record<string, Int>` after what
 * it resolves to, `Record<string,number>`) is replaced by a copy, and a value schema the
 * generator has not written yet is generated. Returns the value schemas to annotate.
 */
export function ownMapValues(node: SchemaNode, valueType: ts.TypeNode, checker: ts.TypeChecker, generator: TJS.JsonSchemaGenerator, definitions: Definitions): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (const branch of valueBranches(node)) {
    const name = refName(branch.$ref);
    if (name !== undefined && definitions[name] !== undefined) {
      delete branch.$ref;
      Object.assign(branch, cloneJson(definitions[name]));
    }
    if (typeof branch.additionalProperties !== 'object' || branch.additionalProperties === null) {
      branch.additionalProperties = cloneJson(schemaOfType(generator, checker.getTypeFromTypeNode(valueType), definitions));
    } else branch.additionalProperties = cloneJson(branch.additionalProperties);
    out.push(branch.additionalProperties as SchemaNode);
  }
  return out;
}
