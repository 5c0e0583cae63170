import * as path from 'path';
import { formatDiagnostic, loadProgram, scanTools } from '@toolwright/scanner';
import transformer, { createSchemaTransformer } from '../src/transformer';
import { compileFixture, fixtureProgram } from './compile-fixture';

// One program holding two files that each declare `OrderTools.lookupOrder` with other parameters,
// as the many test files of one jest program do: a manifest (keyed by class and method) can hold
// only one of them, while the transformer embeds each at its own call site.
const fixtures = path.join(__dirname, 'fixtures', 'same-key');
const tsconfig = path.join(fixtures, 'tsconfig.json');

/** The parameter names of the schema embedded into the emitted module's `@Tool(...)` call. */
function embeddedParameters(js: string): string[] {
  const found: unknown[] = [];
  const core = { Tool: (...args: unknown[]) => (found.push(typeof args[1] === 'string' ? JSON.parse(args[1]) : args[1]), () => undefined), Param: () => () => undefined };
  const module = { exports: {} };
  new Function('require', 'exports', 'module', js)((name: string) => (name === '@toolwright/core' ? core : {}), module.exports, module);
  expect(found).toHaveLength(1);
  return Object.keys((found[0] as { parameters: { properties: object } }).parameters.properties);
}

const byId = { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] };
const byNumber = { type: 'object', properties: { orderNumber: { type: 'number' }, year: { type: 'number' } }, required: ['orderNumber'] };

describe('one class and method name declared in two files of one program', () => {
  it('is reported by a manifest scan: the manifest is keyed by class and method', () => {
    const result = scanTools(fixtureProgram(tsconfig));
    expect(result.tools.map((tool) => tool.key)).toEqual(['OrderTools.lookupOrder']);
    expect(result.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, fixtures))).toEqual([
      expect.stringMatching(/OrderTools\.lookupOrder is also declared at .*orders-by-(id|number)\.ts:\d+, and the manifest is keyed by class and method — give one of the toolkit classes another name$/),
    ]);
  });

  it('keeps both tools, each with its own schema, with sameKeyInManyFiles', () => {
    const result = scanTools(fixtureProgram(tsconfig), { sameKeyInManyFiles: true });
    expect(result.diagnostics).toEqual([]);
    const byFile = Object.fromEntries(result.tools.map((tool) => [path.basename(tool.fileName), [tool.key, tool.schema.parameters]]));
    expect(byFile).toEqual({ 'orders-by-id.ts': ['OrderTools.lookupOrder', byId], 'orders-by-number.ts': ['OrderTools.lookupOrder', byNumber] });
  });

  it('gets each file its own schema from the compiler-API transformer (the whole program scanned at once)', () => {
    const { js, diagnostics } = compileFixture(tsconfig, path.join(fixtures, 'dist'), (program) => [transformer(program)]);
    expect(diagnostics).toEqual([]);
    expect(embeddedParameters(js.get('orders-by-id') as string)).toEqual(['orderId']);
    expect(embeddedParameters(js.get('orders-by-number') as string)).toEqual(['orderNumber', 'year']);
  });

  it('gets each file its own schema when each file is scanned with what it reaches (ts-jest)', () => {
    // A program of its own, so that nothing is served from the scans of the tests above. The
    // importing file is emitted first, as ts-jest would when a suite loads it: its scan takes in
    // both files at once.
    const { program } = loadProgram(tsconfig);
    const js = new Map<string, string>();
    for (const name of ['orders-by-id', 'orders-by-number']) {
      const result = program.emit(program.getSourceFile(path.join(fixtures, `${name}.ts`)), (fileName, text) => fileName.endsWith('.js') && js.set(name, text), undefined, false, {
        before: [createSchemaTransformer(() => program, {}, undefined, 'reachable')],
      });
      expect(result.diagnostics).toEqual([]);
    }
    expect(embeddedParameters(js.get('orders-by-id') as string)).toEqual(['orderId']);
    expect(embeddedParameters(js.get('orders-by-number') as string)).toEqual(['orderNumber', 'year']);
  });
});
