import { SCHEMA_VALIDATOR_DECORATORS } from '@toolwright/core/internal';
import * as ts from 'typescript';
import { decoratorCalls, resolveImportedCallee } from '../ast/imports';
import { evaluateStatic, isStaticRegExp } from './static-value';

/** class-validator decorators that check nothing the schema's shape does not already say. */
const NOT_CHECKS = new Set(['IsOptional', 'ValidateNested', 'IsDefined', 'Allow']);
/** Modules whose decorators on a DTO property describe, transform or document it, never check it. */
const NOT_CHECKING_MODULES = ['class-transformer', '@nestjs/swagger', '@nestjs/graphql', '@toolwright/'];
const IN_SCHEMA = new Set(Object.keys(SCHEMA_VALIDATOR_DECORATORS));
const NEUTRAL_FLAGS = /^[ugd]*$/;

/**
 * The decorators of a DTO property that core must run on the DTO instance because the JSON schema
 * does not express them: class-validator decorators outside the schema's reach (custom
 * validators, `@ValidateIf`, `@IsStrongPassword`, a `@Matches` whose flags change matching),
 * and decorators from any other module that might register a validator (`registerDecorator`).
 * As `"@Name"`; core then needs the DTO class, so it never skips them silently.
 */
export function localCheckDecorators(declaration: ts.Node, checker: ts.TypeChecker): string[] {
  const sourceFile = declaration.getSourceFile();
  const found: string[] = [];
  for (const { decorator, call } of decoratorCalls(declaration)) {
    const callee = call ? call.expression : decorator.expression;
    const imported = resolveImportedCallee(callee, sourceFile);
    const name = imported?.name ?? (ts.isIdentifier(callee) ? callee.text : callee.getText(sourceFile));
    if (imported?.module === 'class-validator') {
      if (NOT_CHECKS.has(name)) continue;
      if (IN_SCHEMA.has(name) && !(name === 'Matches' && call && matchesOutsideSchema(call, checker))) continue;
    } else if (imported && NOT_CHECKING_MODULES.some((module) => imported.module === module || (module.endsWith('/') && imported.module.startsWith(module)))) {
      continue;
    }
    found.push(`@${name}`);
  }
  return found;
}

/** Whether a `@Matches` carries flags a JSON-schema pattern cannot (the scanner leaves it out). */
function matchesOutsideSchema(call: ts.CallExpression, checker: ts.TypeChecker): boolean {
  const [first, second] = call.arguments.map((arg) => evaluateStatic(arg, checker));
  const flags = isStaticRegExp(first) ? first.flags : typeof second === 'string' ? second : '';
  return !NEUTRAL_FLAGS.test(flags);
}
