import 'reflect-metadata';
import * as path from 'path';
import * as ts from 'typescript';
import { ToolArgumentsError, parseToolArguments, toolsOf, type Tool } from '@toolwright/core';
import { getMetadataStorage } from '@toolwright/core/internal';
import { buildManifest, generatedModuleText, scanTools } from '@toolwright/scanner';
import transformer from '../src/transformer';
import { compileFixture, fixtureProgram } from './compile-fixture';

// Issue 30: `/** @asType integer */` aliases inside map value types (`Record<string, Int>`,
// `{ [k: string]: Int }`, `Record<string, Int[]>`, maps of maps, an interface's index signature)
// give integer schemas, so 1.5 is refused at call time — through the transformer and through a
// generated module alike.

const fixtures = path.join(__dirname, 'fixtures', 'runtime');
const tsconfig = path.join(fixtures, 'tsconfig.json');

const VALID = { byName: { a: 1 }, indexed: { b: 2 }, lists: { c: [3, 4] }, nested: { d: { e: 5 } }, tally: { f: 6 }, plain: { g: 1.5 } };
/** One 1.5 per map of integers, each in an otherwise valid call. */
const FRACTIONS: Array<[string, Record<string, unknown>]> = [
  ['byName', { byName: { a: 1.5 } }],
  ['indexed', { indexed: { b: 1.5 } }],
  ['lists', { lists: { c: [3, 1.5] } }],
  ['nested', { nested: { d: { e: 1.5 } } }],
  ['tally', { tally: { f: 1.5 } }],
];

/** The value schemas of the maps of a tool's parameters. */
function valueTypes(tool: Tool): Record<string, unknown> {
  const properties = tool.parameters.properties as Record<string, { additionalProperties: Record<string, any> }>;
  return {
    byName: properties.byName.additionalProperties.type,
    indexed: properties.indexed.additionalProperties.type,
    lists: properties.lists.additionalProperties.items.type,
    nested: properties.nested.additionalProperties.additionalProperties.type,
    tally: properties.tally.additionalProperties.type,
    plain: properties.plain.additionalProperties.type,
  };
}

function expectIntegerMaps(tools: Tool[]): void {
  expect(tools.map((tool) => tool.name)).toEqual(['by_params', 'by_dto']);
  for (const tool of tools) {
    expect(tool.strict).toBe(false);
    expect(valueTypes(tool)).toEqual({ byName: 'integer', indexed: 'integer', lists: 'integer', nested: 'integer', tally: 'integer', plain: 'number' });
    expect(parseToolArguments(tool, JSON.stringify(VALID))).toEqual(VALID);
    for (const [field, change] of FRACTIONS) {
      const call = (): unknown => parseToolArguments(tool, JSON.stringify({ ...VALID, ...change }));
      expect(call).toThrow(ToolArgumentsError);
      expect(call).toThrow(new RegExp(`/${field}/.*must be integer`));
    }
  }
}

describe('@asType integer inside map value types', () => {
  afterEach(() => getMetadataStorage().clear());

  it('gives integer schemas, refusing 1.5, in code compiled through the transformer', () => {
    compileFixture(tsconfig, path.join(fixtures, 'dist', 'integer-maps'), (program) => [transformer(program)]);
    const { IntegerMapTools } = require(path.join(fixtures, 'dist', 'integer-maps', 'integer-map-tools.js'));
    expectIntegerMaps(toolsOf(new IntegerMapTools()));
  });

  it('gives integer schemas, refusing 1.5, through a generated module (toolwright scan --emit)', () => {
    compileFixture(tsconfig, path.join(fixtures, 'dist', 'integer-maps-plain'));
    const { tools } = scanTools(fixtureProgram(tsconfig), { includeFile: (file) => file.endsWith('integer-map-tools.ts') });
    const text = generatedModuleText(buildManifest(tools), { flavor: 'ts', command: 'npx toolwright scan -p tsconfig.json --emit schemas.ts' });
    const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
    const module = { exports: {} as Record<string, unknown> };
    new Function('require', 'exports', 'module', js)(require, module.exports, module);
    const { IntegerMapTools } = require(path.join(fixtures, 'dist', 'integer-maps-plain', 'integer-map-tools.js'));
    expectIntegerMaps(toolsOf(new IntegerMapTools()));
  });
});
