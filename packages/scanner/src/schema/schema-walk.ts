import * as ts from 'typescript';
import type * as TJS from 'typescript-json-schema';
import type { ScanDiagnostic } from '../diagnostics/scan-diagnostic';
import { applyValidatorDecorators, validatorDecorators } from './class-validator';
import { localCheckDecorators } from './local-checks';
import { schemaOfType } from './generator';
import { applyInitializerDefault } from './initializer-default';
import { isNullSchema, refName, valueBranches, type Definitions, type SchemaNode } from './json-schema-utils';
import { applyTypeNodeAnnotations } from './type-node-annotations';

/** Shared state of one tool's walk. */
export interface WalkContext {
  checker: ts.TypeChecker;
  generator: TJS.JsonSchemaGenerator;
  definitions: Definitions;
  diagnostics: ScanDiagnostic[];
  toolName: string;
  /** JSON pointers of `Date` fields, collected. */
  dates: string[];
  /** Object schemas whose properties already got their decorators (definitions are shared). */
  decorated: WeakSet<SchemaNode>;
  /** Checks on DTO properties the schema does not express, as `"/path: @Name"` (see local-checks.ts). */
  localChecks: string[];
}

/**
 * Walks a schema and the TypeScript type it came from side by side: merges class-validator
 * decorators of class properties, records where `Date` fields are, and gives open maps
 * (`Record<string, T>`, index signatures) their `additionalProperties` schema.
 * `pointer` is the JSON pointer of the node in the argument object (`*` stands for array items);
 * `fieldPath` the dotted path used in messages.
 */
export function walkSchema(
  node: SchemaNode,
  type: ts.Type,
  pointer: string,
  fieldPath: string,
  context: WalkContext,
  stack: string[] = [],
): void {
  const name = refName(node.$ref);
  if (name !== undefined) {
    const definition = context.definitions[name];
    if (!definition || stack.includes(name)) return;
    walkSchema(definition, type, pointer, fieldPath, context, [...stack, name]);
    return;
  }
  const { checker } = context;
  const nonNull = (type.isUnion() ? type.types : [type]).filter(
    (member) => (member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) === 0,
  );
  if (nonNull.length !== 1) return;
  const [valueType] = nonNull;
  const branches = valueBranches(node);
  if (branches.length !== 1 || branches[0] !== node) {
    if (branches.length === 1 && !isNullSchema(branches[0])) walkSchema(branches[0], valueType, pointer, fieldPath, context, stack);
    return;
  }
  if (isDate(valueType)) {
    context.dates.push(pointer === '' ? '/' : pointer);
    return;
  }
  if (checker.isTupleType(valueType)) return;
  if (checker.isArrayType(valueType)) {
    const [element] = checker.getTypeArguments(valueType as ts.TypeReference);
    if (element && node.items && !Array.isArray(node.items)) {
      walkSchema(node.items, element, `${pointer}/*`, `${fieldPath}[]`, context, stack);
    }
    return;
  }
  if (!(valueType.flags & ts.TypeFlags.Object) && !valueType.isIntersection()) return;
  walkObject(node, valueType, pointer, fieldPath, context, stack);
}

function walkObject(
  node: SchemaNode,
  type: ts.Type,
  pointer: string,
  fieldPath: string,
  context: WalkContext,
  stack: string[],
): void {
  const { checker } = context;
  const indexInfo = checker.getIndexInfosOfType(type)[0];
  const objectNode = node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || node.properties !== undefined;
  // A primitive intersected with an object type (a branded id) has the primitive's own index
  // signatures (string characters): only an object schema can be a map.
  if (indexInfo && objectNode && node.additionalProperties === undefined && !node.patternProperties) {
    node.additionalProperties = schemaOfType(context.generator, indexInfo.type, context.definitions);
  }
  const properties = node.properties;
  if (!properties) return;
  const first = !context.decorated.has(node);
  context.decorated.add(node);
  for (const property of checker.getPropertiesOfType(type)) {
    const propertySchema = properties[property.name];
    if (!propertySchema) continue;
    const childPath = fieldPath === '' ? property.name : `${fieldPath}.${property.name}`;
    if (first) {
      for (const declaration of property.declarations ?? []) {
        if (ts.isPropertyDeclaration(declaration) || ts.isPropertySignature(declaration)) {
          applyTypeNodeAnnotations(propertySchema, declaration.type, checker, context.definitions, context.generator);
        }
        if (!ts.isPropertyDeclaration(declaration)) continue;
        applyInitializerDefault(properties[property.name], declaration.initializer, childPath, context);
        for (const check of localCheckDecorators(declaration, checker)) context.localChecks.push(`${pointer}/${escapePointer(property.name)}: ${check}`);
        applyValidatorDecorators(validatorDecorators(declaration, checker), {
          container: node,
          name: property.name,
          definitions: context.definitions,
          checker,
          diagnostics: context.diagnostics,
          toolName: context.toolName,
          fieldPath: childPath,
        });
      }
    }
    const propertyType = checker.getTypeOfSymbol(property);
    walkSchema(properties[property.name], propertyType, `${pointer}/${escapePointer(property.name)}`, childPath, context, stack);
  }
}

/** Whether a type is the global `Date`. */
export function isDate(type: ts.Type): boolean {
  const symbol = type.getSymbol();
  if (!symbol || symbol.getName() !== 'Date') return false;
  return (symbol.declarations ?? []).some((declaration) => declaration.getSourceFile().hasNoDefaultLib);
}

/** Escapes a property name as a JSON pointer segment. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
