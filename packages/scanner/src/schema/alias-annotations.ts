import * as ts from 'typescript';
import { setType, valueBranches, type SchemaNode } from './json-schema-utils';

const NUMERIC = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems']);
const TEXT = new Set(['pattern', 'format']);

/** The type alias a type reference names (through imports), if it names one. */
export function aliasDeclarationOf(typeNode: ts.TypeReferenceNode, checker: ts.TypeChecker): ts.TypeAliasDeclaration | undefined {
  let symbol = checker.getSymbolAtLocation(typeNode.typeName);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations?.find(ts.isTypeAliasDeclaration);
}

/**
 * Applies the JSDoc annotations of a type alias (`/** @asType integer *\/ type Int = number;`)
 * to the schema generated where it is used. typescript-json-schema reads such tags on properties
 * but drops them when it resolves an alias of a primitive.
 */
export function applyAliasTags(node: SchemaNode, alias: ts.TypeAliasDeclaration): void {
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
