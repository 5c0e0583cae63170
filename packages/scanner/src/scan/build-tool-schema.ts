import type * as ts from 'typescript';
import type * as TJS from 'typescript-json-schema';
import { diagnosticAt, type ScanDiagnostic } from '../diagnostics/scan-diagnostic';
import type { ToolSchemaEntry } from '../schema/tool-schema-entry';
import { applyInitializerDefault } from '../schema/initializer-default';
import { mergeIntersections } from '../schema/intersections';
import { applyTypeNodeAnnotations } from '../schema/type-node-annotations';
import { schemaOfInterface } from '../schema/generator';
import { jsDocParamText, jsDocSummary } from '../schema/jsdoc';
import { applyAsType, applyIntegerEnums, refName, sortKeys, type Definitions, type SchemaNode, cloneJson } from '../schema/json-schema-utils';
import { applyParamOptions } from '../schema/param-options';
import { inlineDefinitions } from '../schema/refs';
import { walkSchema, escapePointer, type WalkContext } from '../schema/schema-walk';
import { findStrictIssues, formatFieldPath, type StrictIssue } from '../schema/strict-check';
import { coreStrictCheck } from './core-strict';
import { syntheticProperty } from './synthetic-types';
import type { ToolParameterSite, ToolSite } from './tool-site';

/** The schema of one tool and the problems found building it. */
export interface BuiltToolSchema {
  entry: ToolSchemaEntry;
  diagnostics: ScanDiagnostic[];
}

/** Builds one tool's embedded schema from its synthetic interface. */
export function buildToolSchema(
  site: ToolSite,
  interfaceName: string,
  generator: TJS.JsonSchemaGenerator,
  checker: ts.TypeChecker,
  /** The type of the `@Args` value, when its site's declaration is not the parameter (output classes). */
  argsType?: ts.Type,
): BuiltToolSchema {
  const { root: synthetic, definitions } = schemaOfInterface(generator, interfaceName);
  applyAsType(synthetic);
  applyAsType(definitions);
  applyIntegerEnums(synthetic);
  applyIntegerEnums(definitions);
  mergeIntersections(definitions, definitions);
  mergeIntersections(synthetic, definitions);
  const context: WalkContext = {
    checker,
    generator,
    definitions,
    diagnostics: [],
    toolName: site.toolName,
    dates: [],
    decorated: new WeakSet(),
    localChecks: [],
  };
  const sites = site.parameters.filter((parameter) => parameter.kind !== 'ctx');
  const argsSite = sites.find((parameter) => parameter.kind === 'args');
  const paramDescriptions: Record<string, string> = {};
  let parameters: SchemaNode;
  if (argsSite) {
    parameters = resolveRoot(synthetic.properties?.[syntheticProperty(argsSite.index)] ?? {}, definitions);
    walkSchema(parameters, argsType ?? parameterType(argsSite, checker), '', '', context);
  } else {
    parameters = { type: 'object', properties: {}, required: [] };
    const properties = parameters.properties as Record<string, SchemaNode>;
    for (const parameter of sites) {
      const name = parameter.name as string;
      const property = cloneJson(synthetic.properties?.[syntheticProperty(parameter.index)] ?? {});
      properties[name] = property;
      if (!parameter.optional) parameters.required?.push(name);
      applyTypeNodeAnnotations(property, parameter.declaration.type, checker, definitions, generator);
      applyInitializerDefault(property, parameter.declaration.initializer, name, context);
      walkSchema(property, parameterType(parameter, checker), `/${escapePointer(name)}`, name, context);
      const documented = jsDocParamText(parameter.declaration);
      if (documented !== undefined) {
        paramDescriptions[name] = documented;
        property.description = documented;
      }
      applyParamOptions(property, parameter.options, definitions);
    }
  }
  const schema = sortKeys(inlineDefinitions(parameters, definitions));
  const entry: ToolSchemaEntry = { parameters: schema };
  const description = jsDocSummary(site.method);
  if (description !== undefined) entry.description = description;
  if (Object.keys(paramDescriptions).length > 0) entry.paramDescriptions = sortKeys(paramDescriptions);
  if (context.dates.length > 0) entry.dates = [...new Set(context.dates)].sort();
  // Only an @Args DTO is an instance that core checks; @Param values are plain.
  if (argsSite && context.localChecks.length > 0) entry.localChecks = [...new Set(context.localChecks)].sort();
  const diagnostics = [...context.diagnostics];
  if (site.strict) diagnostics.push(...strictDiagnostics(site, schema, checker, argsType));
  return { entry, diagnostics };
}

/** The argument object of an `@Args` tool: the DTO's own schema, not a reference to it. */
function resolveRoot(node: SchemaNode, definitions: Definitions): SchemaNode {
  const name = refName(node.$ref);
  if (name === undefined || !definitions[name]) return cloneJson(node);
  // A DTO that refers to itself keeps its definition; its root is a copy of it.
  return cloneJson(definitions[name]);
}

function parameterType(parameter: ToolParameterSite, checker: ts.TypeChecker): ts.Type {
  return checker.getTypeAtLocation(parameter.declaration);
}

function strictDiagnostics(site: ToolSite, schema: SchemaNode, checker: ts.TypeChecker, argsType: ts.Type | undefined): ScanDiagnostic[] {
  const issues = findStrictIssues(schema);
  const diagnostics = issues.map((issue) => strictDiagnostic(site, issue, checker, argsType));
  if (issues.length === 0) {
    const problem = coreStrictCheck(schema);
    if (problem !== undefined) diagnostics.push(strictDiagnostic(site, problem, checker, argsType));
  }
  return diagnostics;
}

function strictDiagnostic(site: ToolSite, issue: StrictIssue, checker: ts.TypeChecker, argsType?: ts.Type): ScanDiagnostic {
  const sites = site.parameters.filter((parameter) => parameter.kind !== 'ctx');
  const argsSite = sites.find((parameter) => parameter.kind === 'args');
  let location: ts.Node = site.method.name;
  let rest = issue.path;
  let type: ts.Type | undefined;
  if (argsSite) {
    location = argsSite.declaration;
    type = argsType ?? parameterType(argsSite, checker);
  } else if (issue.path.length > 0) {
    const parameter = sites.find((candidate) => candidate.name === issue.path[0]);
    if (parameter) {
      location = parameter.declaration;
      type = parameterType(parameter, checker);
      rest = issue.path.slice(1);
    }
  }
  if (type) location = locateField(type, rest, checker) ?? location;
  return diagnosticAt(location, {
    toolName: site.toolName,
    parameter: issue.path.length > 0 ? formatFieldPath(issue.path) : undefined,
    message: issue.message,
    fix: issue.fix,
  });
}

/** The declaration of the deepest property along `path` (to point errors at DTO fields). */
function locateField(type: ts.Type, path: string[], checker: ts.TypeChecker): ts.Node | undefined {
  let current: ts.Type | undefined = type;
  let found: ts.Node | undefined;
  for (const segment of path) {
    if (!current) break;
    const value: ts.Type = checker.getNonNullableType(current);
    if (segment.startsWith('[')) {
      current = checker.isArrayType(value) ? checker.getTypeArguments(value as ts.TypeReference)[0] : undefined;
      continue;
    }
    const property = value.getProperty(segment);
    const declaration = property?.declarations?.[0];
    if (!property || !declaration) break;
    found = declaration;
    current = checker.getTypeOfSymbol(property);
  }
  return found;
}
