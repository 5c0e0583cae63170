import 'reflect-metadata';
import * as path from 'path';
import { loadSchemaManifest, parseToolArguments, toolsOf, type Tool, type ToolContext } from '@toolwright/core';
import { getMetadataStorage } from '@toolwright/core/internal';
import { buildManifest, scanTools } from '@toolwright/scanner';
import transformer from '../src/transformer';
import { compileFixture, fixtureProgram } from './compile-fixture';

const fixtures = path.join(__dirname, 'fixtures', 'runtime');
const tsconfig = path.join(fixtures, 'tsconfig.json');

/** The emitted text of one class, from its declaration to the next class's. */
function classText(js: string, name: string): string {
  const start = js.indexOf(`class ${name} `);
  const next = js.indexOf('\nclass ', start + 1);
  const nextLet = js.indexOf('\nlet ', start + 1);
  const ends = [next, nextLet].filter((i) => i > start);
  return js.slice(start, ends.length > 0 ? Math.min(...ends) : undefined);
}

/** What the model is shown, per tool, and the runner-side fields the options set. */
function shown(tools: Tool[]): Record<string, unknown> {
  return Object.fromEntries(tools.map((t) => [t.name, { description: t.description, parameters: t.parameters, strict: t.strict, readOnly: t.readOnly, timeoutMs: t.timeoutMs, needsApproval: t.needsApproval }]));
}

const ctx = (callId: string): ToolContext => ({ callId }) as ToolContext;

describe('a class whose tools have only @Tool, @Param and @Ctx, compiled by the transformer', () => {
  const { js } = compileFixture(tsconfig, path.join(fixtures, 'dist', 'direct'), (program) => [transformer(program)]);
  const emitted = js.get('direct-tools') as string;
  const load = (dir: string) => require(path.join(fixtures, 'dist', dir, 'direct-tools.js'));

  it('applies the decorators in a static block: no __decorate, __param or design:* metadata for its methods', () => {
    const direct = classText(emitted, 'DirectTools');
    // Each callee and the prototype are read once, into constants of the block.
    expect(direct).toMatch(/static \{\n\s*const Param_1 = core_1\.Param, Tool_1 = core_1\.Tool, Ctx_1 = core_1\.Ctx, prototype_1 = this\.prototype;\n/);
    expect(direct).toMatch(/\n\s*Tool_1\(\{ readOnly: true \}, '\{"parameters":\{"type":"object".*', \[Param_1\('a', \{ minimum: 0 \}\), Param_1\('b'\)\]\)\(prototype_1, "add"\);/);
    expect(direct.match(/core_1\.(Tool|Param|Ctx)\b/g)).toHaveLength(3);
    expect(direct).toContain(`[Ctx_1(), Param_1('shout')])(prototype_1, "who-am-i");`);
    expect(emitted).not.toContain('DirectTools.prototype');
    // Only MixedTools' three methods and ForeignTools' one (below) go through __decorate and get the metadata.
    expect(emitted.match(/__metadata\("design:paramtypes", \[String\]\)/g)).toHaveLength(4);
  });

  it('embeds the loose schema where the options do not fix strictness at build time', () => {
    const direct = classText(emitted, 'DirectTools');
    expect(direct).toMatch(/\(\{ strict: false \}, '\{"parameters":\{"properties":\{"text":\{"type":"string"\}\},"required":\[\],"type":"object"\}/);
    expect(direct).toMatch(/\(computed\(\), '\{"parameters":\{"properties":\{"text"/);
  });

  it('runs the tools as declared: parameters bound by name, the context, defaults for null', async () => {
    const { DirectTools } = load('direct');
    const [add, whoami, echo, later] = toolsOf(new DirectTools());
    expect([add.name, whoami.name, echo.name, later.name]).toEqual(['add', 'whoami', 'echo', 'later']);
    expect(add.readOnly).toBe(true);
    expect(later.timeoutMs).toBe(5000);
    expect(add.parameters).toMatchObject({ properties: { a: { minimum: 0 } }, required: ['a', 'b'], additionalProperties: false });
    expect(echo.strict).toBe(false);
    // The model's null for the optional b reaches the method as its default (the strict rewrite's side table, embedded).
    expect(parseToolArguments(add, '{"a":2,"b":null}')).toEqual({ a: 2, b: 10 });
    expect(await add.invoke(ctx('c1'), parseToolArguments(add, '{"a":2,"b":null}'))).toBe(12);
    expect(() => parseToolArguments(add, '{"a":-1,"b":1}')).toThrow(/a/);
    expect(await whoami.invoke(ctx('call-7'), { shout: true })).toBe('CALL-7');
    expect(DirectTools.label).toBe('direct');
  });

  it('leaves a class alone when one of its tools has another decorator, so they register in declaration order', () => {
    const mixed = classText(emitted, 'MixedTools');
    expect(mixed).not.toContain('static {');
    expect(emitted).toMatch(/__decorate\(\[\n\s*\(0, core_1\.RequiresApproval\)\(\),\n\s*\(0, core_1\.Tool\)\(void 0, '/);
    const { MixedTools } = load('direct');
    const tools = toolsOf(new MixedTools());
    expect(tools.map((tool) => tool.name)).toEqual(['first', 'second', 'third']);
    expect(tools.map((tool) => tool.needsApproval)).toEqual([false, true, false]);
  });

  it('leaves a class alone when it has a decorator of another library', () => {
    expect(classText(emitted, 'ForeignTools')).not.toContain('static {');
    expect(emitted).toMatch(/__decorate\(\[\n\s*\(0, core_1\.Tool\)\(void 0, '[^\n]*'\),\n\s*__param\(0, \(0, core_1\.Param\)\('x'\)\),/);
    expect(emitted).toContain('], ForeignTools.prototype, "only", null);');
    const { ForeignTools } = load('direct');
    expect(toolsOf(new ForeignTools()).map((tool) => tool.name)).toEqual(['only']);
  });

  it('works below ES2022, where TypeScript lowers the static block', () => {
    const { js: lowered } = compileFixture(path.join(fixtures, 'tsconfig.es2019.json'), path.join(fixtures, 'dist', 'es2019'), (program) => [transformer(program)]);
    expect(lowered.get('direct-tools')).not.toContain('static {');
    const { DirectTools } = load('es2019');
    expect(toolsOf(new DirectTools()).map((tool) => tool.name)).toEqual(['add', 'whoami', 'echo', 'later']);
  });

  // Last: it clears the metadata storage.
  it('gives the same tools as a plain build with the manifest, which goes through TypeScript\'s __decorate', () => {
    compileFixture(tsconfig, path.join(fixtures, 'dist', 'direct-plain'));
    const { tools } = scanTools(fixtureProgram(tsconfig), { includeFile: (file) => file.endsWith('direct-tools.ts') });
    const plain = load('direct-plain');
    const viaTransformer = load('direct');
    expect(loadSchemaManifest(buildManifest(tools) as never)).toBe(8);
    try {
      expect(shown(toolsOf(new viaTransformer.DirectTools()))).toEqual(shown(toolsOf(new plain.DirectTools())));
      expect(shown(toolsOf(new viaTransformer.MixedTools()))).toEqual(shown(toolsOf(new plain.MixedTools())));
    } finally {
      getMetadataStorage().clear();
    }
  });
});
