import { SCHEMA_VALIDATOR_DECORATORS } from '@toolwright/core/internal';
import * as ts from 'typescript';
import { diagnosticAt, type ScanDiagnostic } from '../diagnostics/scan-diagnostic';
import { decoratorCalls, resolveImportedCallee } from '../ast/imports';
import { refName, setType, valueBranches, type Definitions, type SchemaNode, cloneJson } from './json-schema-utils';
import { evaluateStatic, isStaticObject, isStaticRegExp, UNKNOWN, type Evaluated } from './static-value';

/** A class-validator (or class-transformer) decorator on a DTO property. */
export interface PropertyDecorator {
  name: string;
  args: Evaluated[];
  node: ts.CallExpression;
}

const MODULES = new Set(['class-validator', 'class-transformer']);

/** The class-validator and class-transformer decorators of a property declaration. */
export function validatorDecorators(declaration: ts.Node, checker: ts.TypeChecker): PropertyDecorator[] {
  const sourceFile = declaration.getSourceFile();
  return decoratorCalls(declaration).flatMap(({ call }) => {
    if (!call) return [];
    const imported = resolveImportedCallee(call.expression, sourceFile);
    if (!imported || !MODULES.has(imported.module)) return [];
    return [{ name: imported.name, args: call.arguments.map((arg) => evaluateStatic(arg, checker)), node: call }];
  });
}

/** Where decorators are applied: the property's schema inside its object schema. */
export interface DecoratedProperty {
  container: SchemaNode;
  name: string;
  definitions: Definitions;
  checker: ts.TypeChecker;
  diagnostics: ScanDiagnostic[];
  toolName: string;
  fieldPath: string;
}

const FORMATS: Record<string, string> = {
  IsEmail: 'email',
  IsUrl: 'uri',
  IsUUID: 'uuid',
  IsISO8601: 'date-time',
  IsDateString: 'date-time',
};

/** The decorators written into the schema: core's list, so core knows which ones it need not run again. */
const HAS_SCHEMA_EFFECT = new Set(Object.keys(SCHEMA_VALIDATOR_DECORATORS));

const TYPES: Record<string, string> = {
  IsString: 'string',
  IsInt: 'integer',
  IsNumber: 'number',
  IsBoolean: 'boolean',
  IsArray: 'array',
};

/**
 * Merges class-validator decorators into a property's schema: types, formats, bounds, enums,
 * patterns, array sizes and `@IsOptional`. `{ each: true }` applies a constraint to the items
 * of an array. A decorator whose arguments are not literals is reported as a warning.
 * `@ValidateNested` with `@Type(() => X)` needs nothing here: the property's declared class
 * already gives the nested shape, and core builds the instances with class-transformer.
 */
export function applyValidatorDecorators(decorators: PropertyDecorator[], target: DecoratedProperty): void {
  const { container, name } = target;
  for (const decorator of decorators) {
    const property = container.properties?.[name];
    if (!property) return;
    if (decorator.name === 'IsOptional') {
      container.required = (container.required ?? []).filter((key) => key !== name);
      continue;
    }
    if (!HAS_SCHEMA_EFFECT.has(decorator.name)) continue;
    const each = decorator.args.some((arg) => isStaticObject(arg) && arg.each === true);
    const nodes = each ? itemNodes(property, target.definitions) : valueBranches(materialize(property, target.definitions));
    if (nodes.length === 0) continue;
    const unreadable = (): void => {
      target.diagnostics.push(
        diagnosticAt(decorator.node, {
          category: 'warning',
          toolName: target.toolName,
          parameter: target.fieldPath,
          message: `@${decorator.name}'s arguments are not literals, so the schema does not include this constraint`,
          fix: 'pass literal values (or const variables holding them) so the scanner can read them',
        }),
      );
    };
    for (const node of nodes) {
      if (!applyOne(decorator, node, target)) {
        unreadable();
        break;
      }
    }
  }
}

/** Applies one decorator to one schema node; `false` when its arguments cannot be read. */
function applyOne(decorator: PropertyDecorator, node: SchemaNode, target: DecoratedProperty): boolean {
  const [first, second] = decorator.args;
  const numberArg = (value: Evaluated, keyword: string): boolean => {
    if (typeof value !== 'number') return false;
    node[keyword] = value;
    return true;
  };
  const type = TYPES[decorator.name];
  if (type) {
    setType(node, type);
    return true;
  }
  const format = FORMATS[decorator.name];
  if (format) {
    setType(node, 'string');
    node.format = format;
    return true;
  }
  switch (decorator.name) {
    case 'Min':
      return numberArg(first, 'minimum');
    case 'Max':
      return numberArg(first, 'maximum');
    case 'MinLength':
      return numberArg(first, 'minLength');
    case 'MaxLength':
      return numberArg(first, 'maxLength');
    case 'Length':
      return numberArg(first, 'minLength') && (second === undefined || isStaticObject(second) || numberArg(second, 'maxLength'));
    case 'ArrayMinSize':
      return numberArg(first, 'minItems');
    case 'ArrayMaxSize':
      return numberArg(first, 'maxItems');
    case 'Matches':
      return applyPattern(decorator, node, target);
    case 'IsIn': {
      if (!Array.isArray(first)) return false;
      setEnum(node, first);
      return true;
    }
    case 'IsEnum': {
      const values = enumValues(decorator.node.arguments[0], first, target.checker);
      if (!values) return false;
      setEnum(node, values);
      return true;
    }
    default:
      return true;
  }
}

/**
 * Regular-expression flags that do not change whether a JSON-schema validator (ajv, which
 * compiles `pattern` with the `u` flag) accepts the same strings as class-validator: `u`
 * (already on), `g` (a fresh `test` from index 0 matches the same strings) and `d` (match
 * indices only). Any other flag (`i`, `m`, `s`, `y`, `v`) changes what matches.
 */
const NEUTRAL_FLAGS = new Set(['u', 'g', 'd']);

const FLAG_MEANINGS: Record<string, string> = {
  i: 'case-insensitive matching',
  m: '`^` and `$` matching at line breaks',
  s: '`.` matching line breaks',
  y: 'matching only at the start of the string',
  v: 'Unicode set syntax',
};

/**
 * `@Matches(/re/flags)` or `@Matches('re', 'flags')`: the source becomes `pattern`. A flag that
 * changes matching cannot be carried by a JSON schema `pattern`, so the pattern is left out and
 * a warning names the flag and says where the constraint is enforced instead: core sees the
 * flag on the DTO's metadata and runs class-validator in its validation stage.
 */
function applyPattern(decorator: PropertyDecorator, node: SchemaNode, target: DecoratedProperty): boolean {
  const [first, second] = decorator.args;
  let source: string;
  let flags = '';
  if (isStaticRegExp(first)) {
    source = first.source;
    flags = first.flags;
  } else if (typeof first === 'string') {
    source = first;
    if (typeof second === 'string') flags = second;
    else if (second !== undefined && !isStaticObject(second)) return false;
  } else {
    return false;
  }
  const changing = [...new Set(flags)].filter((flag) => !NEUTRAL_FLAGS.has(flag));
  if (changing.length === 0) {
    node.pattern = source;
    return true;
  }
  const named = changing.map((flag) => `"${flag}" (${FLAG_MEANINGS[flag] ?? 'an unknown flag'})`).join(', ');
  const diagnostic = diagnosticAt(decorator.node, {
    category: 'warning',
    toolName: target.toolName,
    parameter: target.fieldPath,
    message: `@Matches flag${changing.length > 1 ? 's' : ''} ${named} cannot be expressed in a JSON schema pattern, so the schema leaves /${source}/ out: Toolwright checks it locally instead (class-validator, flags included, in the validation stage before the call can run), and the model is not told the constraint`,
    fix:
      changing.length === 1 && changing[0] === 'i'
        ? 'write the pattern without the flag (letters as [aA] classes, e.g. /^[a-zA-Z]+$/) so the model is told the constraint'
        : 'write an equivalent pattern without the flag (with "s", [\\s\\S] in place of `.`) so the model is told the constraint',
  });
  // One decorator may apply to several branches of a union: report it once.
  const same = (other: ScanDiagnostic): boolean =>
    other.fileName === diagnostic.fileName && other.line === diagnostic.line && other.column === diagnostic.column && other.message === diagnostic.message;
  if (!target.diagnostics.some(same)) target.diagnostics.push(diagnostic);
  return true;
}

function setEnum(node: SchemaNode, values: unknown[]): void {
  node.enum = [...values];
  const types = new Set(values.map((value) => (value === null ? 'null' : typeof value)));
  if (types.size === 1) {
    const [only] = types;
    if (only === 'string' || only === 'boolean') node.type = only;
    if (only === 'number') node.type = values.every((v) => Number.isInteger(v)) ? 'integer' : 'number';
  } else {
    delete node.type;
  }
}

/** The values of `@IsEnum(E)`: a TypeScript enum's member values or a literal object's values. */
function enumValues(argument: ts.Expression | undefined, evaluated: Evaluated, checker: ts.TypeChecker): unknown[] | undefined {
  if (isStaticObject(evaluated)) return [...new Set(Object.values(evaluated))];
  if (!argument || evaluated !== UNKNOWN) return undefined;
  let symbol = checker.getSymbolAtLocation(argument);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.find(ts.isEnumDeclaration);
  if (!declaration) return undefined;
  const values = declaration.members.map((member) => checker.getConstantValue(member));
  return values.every((value) => value !== undefined) ? values : undefined;
}

/** Inlines a `$ref` in place so that keywords can sit beside the referenced shape. */
export function materialize(node: SchemaNode, definitions: Definitions): SchemaNode {
  const name = refName(node.$ref);
  if (name !== undefined && definitions[name]) {
    delete node.$ref;
    Object.assign(node, cloneJson(definitions[name]));
  }
  return node;
}

function itemNodes(property: SchemaNode, definitions: Definitions): SchemaNode[] {
  return valueBranches(property).flatMap((branch) => {
    const items = branch.items;
    if (!items || Array.isArray(items)) return [];
    return valueBranches(materialize(items, definitions));
  });
}
