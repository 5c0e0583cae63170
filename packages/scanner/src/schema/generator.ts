import type * as ts from 'typescript';
import * as TJS from 'typescript-json-schema';
import type { Definitions, SchemaNode } from './json-schema-utils';

/** The typescript-json-schema settings the scanner relies on. */
export const GENERATOR_SETTINGS: Partial<TJS.Args> = {
  required: true,
  strictNullChecks: true,
  ignoreErrors: true,
  ref: true,
  aliasRef: false,
  topRef: false,
  titles: false,
  defaultProps: false,
  noExtraProps: false,
  constAsEnum: true,
  // `@asType integer` (the name used in Toolwright's docs) next to typescript-json-schema's own `@type`.
  validationKeywords: ['asType'],
};

/**
 * One typescript-json-schema generator for a whole program. It is seeded with only the
 * synthetic argument interfaces: `buildGenerator` would also visit every declaration of every
 * file (the lib files and `@types` included) to index symbols the scanner never asks for, which
 * costs about a quarter of a second per program — noticeable when ts-jest compiles many files.
 */
export function createSchemaGenerator(
  checker: ts.TypeChecker,
  interfaces: Map<string, ts.InterfaceDeclaration>,
): TJS.JsonSchemaGenerator {
  const allSymbols: Record<string, ts.Type> = {};
  const userSymbols: Record<string, ts.Symbol> = {};
  const symbols: TJS.SymbolRef[] = [];
  for (const [name, declaration] of interfaces) {
    const symbol = checker.getSymbolAtLocation(declaration.name);
    if (!symbol) continue;
    allSymbols[name] = checker.getTypeAtLocation(declaration);
    userSymbols[name] = symbol;
    symbols.push({ name, typeName: name, fullyQualifiedName: name, symbol });
  }
  return new TJS.JsonSchemaGenerator(symbols, allSymbols, userSymbols, {}, checker, {
    ...TJS.getDefaultArgs(),
    ...GENERATOR_SETTINGS,
  });
}

/** The schema of one synthetic interface, with the definitions it references. */
export function schemaOfInterface(
  generator: TJS.JsonSchemaGenerator,
  name: string,
): { root: SchemaNode; definitions: Definitions } {
  const schema = withoutInitializerWarnings(() => generator.getSchemaForSymbol(name, true)) as SchemaNode & { definitions?: Definitions };
  const { definitions = {}, ...root } = schema;
  delete root.$schema;
  return { root, definitions };
}

/** What typescript-json-schema exposes at run time but declares private. */
interface GeneratorInternals {
  getTypeDefinition(type: ts.Type, asRef?: boolean): SchemaNode;
  ReffedDefinitions: Definitions;
}

/**
 * The schema of an arbitrary type, for the places the synthetic interfaces cannot foresee (the
 * value type of a map whose schema typescript-json-schema left open). Definitions it creates are
 * merged into `definitions`.
 */
export function schemaOfType(generator: TJS.JsonSchemaGenerator, type: ts.Type, definitions: Definitions): SchemaNode {
  const internals = generator as unknown as GeneratorInternals;
  const node = internals.getTypeDefinition(type, true);
  for (const [name, definition] of Object.entries(internals.ReffedDefinitions)) {
    if (!(name in definitions)) definitions[name] = definition;
  }
  return node;
}

/**
 * Runs `generate` with typescript-json-schema's console warnings about field initializers
 * silenced: the scanner evaluates initializers itself (`applyInitializerDefault`) and reports
 * the ones it cannot read as compiler-style warnings.
 */
function withoutInitializerWarnings<T>(generate: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]): void => {
    if (!/^(unknown initializer|initializer is expression) for property /.test(String(args[0]))) warn(...args);
  };
  try {
    return generate();
  } finally {
    console.warn = warn;
  }
}
