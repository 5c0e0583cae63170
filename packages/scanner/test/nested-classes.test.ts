import * as path from 'path';
import { formatDiagnostic, scanTools } from '@toolwright/scanner';
import transformer from '../src/transformer';
import { compileFixture, fixtureProgram } from './compile-fixture';

const fixtures = path.join(__dirname, 'fixtures', 'nested');
const tsconfig = path.join(fixtures, 'tsconfig.json');

/** The embedded schema texts of the emitted `@Tool(...)` calls, in order. */
function embedded(js: string): unknown[] {
  const found: unknown[] = [];
  const core = { Tool: (...args: unknown[]) => (found.push(typeof args[1] === 'string' ? JSON.parse(args[1]) : args[1]), () => undefined), Param: () => () => undefined };
  const module = { exports: {} as Record<string, () => unknown> };
  new Function('require', 'exports', 'module', js)(() => core, module.exports, module);
  for (const make of ['makeCalculator', 'makeOtherCalculator']) module.exports[make]();
  (module.exports.makeTyped as unknown as (values: string[]) => unknown)(['a']);
  return found;
}

describe('classes declared inside a function or block', () => {
  it('are reported by a manifest scan, which cannot name them (tools are looked up by class and method)', () => {
    const result = scanTools(fixtureProgram(tsconfig));
    expect(result.tools.map((tool) => tool.key)).toEqual(['TopLevel.echo']);
    const messages = result.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, fixtures));
    expect(messages).toEqual([
      expect.stringMatching(/^local-tools\.ts:13:5 {2}tool add: a manifest cannot name class Calculator: it is declared inside a function or block .* — declare the toolkit at the top level of its module, or compile through the @toolwright\/scanner transformer, which embeds the schema$/),
      expect.stringMatching(/^local-tools\.ts:28:5 {2}tool add: a manifest cannot name class Calculator/),
      expect.stringMatching(/^local-tools\.ts:38:5 {2}tool pick: a manifest cannot name class Picker/),
    ]);
  });

  it('are scanned for the transformer, keyed Class@n.method, with types local to their function', () => {
    const result = scanTools(fixtureProgram(tsconfig), { nestedClasses: true });
    const schemas = Object.fromEntries(result.tools.map((tool) => [tool.key, tool.schema.parameters]));
    expect(Object.keys(schemas)).toEqual(['TopLevel.echo', 'Calculator@1.add', 'Calculator@2.add', 'Picker@1.pick']);
    expect(schemas['Calculator@1.add']).toEqual({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a'] });
    expect(schemas['Calculator@2.add']).toMatchObject({
      properties: { shape: { type: 'object', properties: { kind: { type: 'string', enum: ['circle', 'square'] }, size: { type: 'number' } } }, scale: { type: 'number' } },
      required: ['shape', 'scale'],
    });
    expect(result.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, fixtures))).toEqual([]);
  });

  it('get their schemas embedded by the transformer, each into its own @Tool call', () => {
    const { js } = compileFixture(tsconfig, path.join(fixtures, 'dist'), (program) => [transformer(program, { diagnostics: 'ignore' })]);
    const schemas = embedded(js.get('local-tools') as string) as Array<{ parameters: { properties: Record<string, unknown> } } | undefined>;
    expect(schemas.map((schema) => Object.keys(schema?.parameters.properties ?? {}))).toEqual([['text'], ['a', 'b'], ['shape', 'scale'], ['value', 'note']]);
  });
});
