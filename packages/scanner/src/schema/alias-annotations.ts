import * as ts from 'typescript';
import { setType, valueBranches, type SchemaNode } from './json-schema-utils';

const NUMERIC = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems']);
const TEXT = new Set(['pattern', 'format']);

/**
 * Applies the JSDoc annotations of a type alias a parameter is declared with
 * (`/** @asType integer *\/ type Int = number;` then `@Param('n') n: Int`). typescript-json-schema
 * reads such tags on properties but drops them when it resolves an alias of a primitive.
 */
export function applyAliasAnnotations(node: SchemaNode, typeNode: ts.TypeNode | undefined, checker: ts.TypeChecker): void {
  if (!typeNode || !ts.isTypeReferenceNode(typeNode)) return;
  let symbol = checker.getSymbolAtLocation(typeNode.typeName);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
  if (!alias) return;
  for (const tag of ts.getJSDocTags(alias)) {
    const name = tag.tagName.text;
    const text = ts.getTextOfJSDocComment(tag.comment)?.trim();
    if (!text) continue;
    for (const branch of valueBranches(node)) {
      if (name === 'asType' || name === 'type') setType(branch, text);
      else if (NUMERIC.has(name) && Number.isFinite(Number(text))) branch[name] = Number(text);
      else if (TEXT.has(name)) branch[name] = text;
    }
  }
}
