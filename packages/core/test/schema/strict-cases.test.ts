import * as fs from 'fs';
import * as path from 'path';
import { defineTool, parseToolArguments, toStrictSchema, ToolArgumentsError, ToolDefinitionError } from '../../src';
import { STRICT_KEYWORD_RULES } from '../../src/extend';
import type { JsonSchema } from '../../src';
import { compileSchema } from '../../src/schema/ajv-instance';
import { patternNeedsLocalCheck } from '../../src/schema/strict-descriptions';
import { MODEL_FORMATS } from '../../src/schema/strict-keywords';
import { enforcedSchemaOf } from '../../src/schema/strict-local-schema';
import { expectGolden } from './golden';
import { STRICT_CASES, type StrictCase } from './strict-cases';

// What the schema sent to the model may hold: the keywords OpenAI's strict mode accepts.
const MODEL_KEYWORDS = new Set([
  'type', 'enum', 'const', 'title', 'description', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minItems', 'maxItems', 'pattern', 'format', 'items', 'anyOf', 'properties', 'required', 'additionalProperties', '$ref', '$defs', 'definitions',
]);

function refusal(run: () => unknown): ToolDefinitionError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolDefinitionError) return error;
    throw new Error(`expected ToolDefinitionError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected ToolDefinitionError, got a schema');
}

/** Every problem with a schema meant for the model: keywords it does not take, patterns or formats it cannot use. */
function modelProblems(schema: unknown, at = '', out: string[] = []): string[] {
  if (typeof schema !== 'object' || schema === null) return out;
  if (Array.isArray(schema)) {
    schema.forEach((item, i) => modelProblems(item, `${at}/${i}`, out));
    return out;
  }
  const node = schema as Record<string, unknown>;
  for (const key of Object.keys(node)) {
    if (!MODEL_KEYWORDS.has(key)) out.push(`${at}/${key}`);
    else if (key === 'pattern' && patternNeedsLocalCheck(node.pattern as string)) out.push(`${at}/pattern`);
    else if (key === 'format' && !MODEL_FORMATS.has(node.format as string)) out.push(`${at}/format`);
    else if (key === 'properties' || key === '$defs' || key === 'definitions') {
      for (const name of Object.keys(node[key] as object)) modelProblems((node[key] as Record<string, unknown>)[name], `${at}/${key}/${name}`, out);
    } else if (key === 'items' || key === 'anyOf') modelProblems(node[key], `${at}/${key}`, out);
  }
  return out;
}

function sourceAccepts(c: StrictCase, value: unknown): boolean {
  return compileSchema(c.schema as object)(value) as boolean;
}

const goldens: Record<string, unknown> = {};

describe('toStrictSchema, case by case', () => {
  describe.each(STRICT_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    if (c.error) {
      it('is refused with a ToolDefinitionError naming the tool, the field and a fix', () => {
        const error = refusal(() => toStrictSchema(c.schema as JsonSchema, { toolName: 'demo' }));
        expect(error.message).toMatch(c.error as RegExp);
        expect(error.message).toMatch(/^Tool "demo": .+ Fix: .+\.$/s);
        expect(error.toolName).toBe('demo');
        if (c.path !== undefined) expect(error.path).toBe(c.path);
        goldens[c.name] = { error: error.message };
        if (!c.rewriteOnly) expect(() => defineTool({ name: 'demo', description: '', parameters: c.schema as JsonSchema, invoke: () => 1 })).toThrow(ToolDefinitionError);
      });
      return;
    }

    it('gives the model only keywords its strict mode takes, and checks the rest locally', () => {
      const before = JSON.stringify(c.schema);
      const advertised = toStrictSchema(c.schema as JsonSchema, { toolName: 'demo' });
      expect(JSON.stringify(c.schema)).toBe(before);
      const enforced = enforcedSchemaOf(advertised);
      goldens[c.name] = enforced === advertised ? { advertised } : { advertised, enforced };
      expect(modelProblems(advertised)).toEqual([]);
      if (!c.rewriteOnly) {
        const tool = defineTool({ name: 'demo', description: '', parameters: c.schema as JsonSchema, invoke: () => 1 });
        expect(tool.parameters).toEqual(advertised);
      }
    });

    it('accepts and refuses the same values as the source schema', () => {
      const tool = { name: 'demo', parameters: toStrictSchema(c.schema as JsonSchema) };
      for (const value of c.accepts ?? []) {
        expect(() => parseToolArguments(tool, JSON.stringify(value))).not.toThrow();
        if (!c.sourceDiffers) expect(sourceAccepts(c, value)).toBe(true);
      }
      for (const value of c.rejects ?? []) {
        expect(() => parseToolArguments(tool, JSON.stringify(value))).toThrow(ToolArgumentsError);
        if (!c.sourceDiffers) expect(sourceAccepts(c, value)).toBe(false);
      }
      for (const [sent, received] of c.receives ?? []) expect(parseToolArguments(tool, JSON.stringify(sent))).toEqual(received);
      expect((c.accepts?.length ?? 0) + (c.rejects?.length ?? 0) + (c.receives?.length ?? 0)).toBeGreaterThan(0);
    });
  });

  it('pins every keyword rule with at least one case', () => {
    const pinned = new Set(STRICT_CASES.flatMap((c) => c.keywords));
    expect(Object.keys(STRICT_KEYWORD_RULES).filter((keyword) => !pinned.has(keyword))).toEqual([]);
    expect([...pinned].filter((keyword) => !(keyword in STRICT_KEYWORD_RULES))).toEqual([]);
  });

  it('is documented row by row in the README (keyword, action, what happens)', () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `([^`]+)` \| (kept|rewritten|described|refused) \| (.+) \|$/gm)];
    const documented = Object.fromEntries(rows.map(([, keyword, action, rule]) => [keyword, { action, rule }]));
    expect(documented).toEqual(STRICT_KEYWORD_RULES);
  });

  it('matches the golden rewrites and refusals', () => {
    expect(Object.keys(goldens)).toHaveLength(STRICT_CASES.length);
    expectGolden(path.join(__dirname, '__goldens__', 'strict-cases.json'), goldens);
  });
});
