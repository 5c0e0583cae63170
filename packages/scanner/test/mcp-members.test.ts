import * as path from 'path';
import { buildManifest, compareManifests, generatedModuleText, manifestOfGeneratedModule, scanTools } from '@toolwright/scanner';
import transformer from '../src/transformer';
import { compileFixture, fixtureProgram } from './compile-fixture';

const fixtures = path.join(__dirname, 'fixtures', 'mcp-members');
const tsconfig = path.join(fixtures, 'tsconfig.json');

/** Runs emitted code against stand-in decorators; returns each MCP decorator call's arguments. */
function captureMemberCalls(js: string): Record<'Prompt' | 'ResourceTemplate' | 'Resource', unknown[][]> {
  const calls = { Prompt: [] as unknown[][], ResourceTemplate: [] as unknown[][], Resource: [] as unknown[][] };
  const decorator = () => () => undefined;
  const record = (name: keyof typeof calls) => (...args: unknown[]) => (calls[name].push(args), decorator());
  const mcp = { Prompt: record('Prompt'), ResourceTemplate: record('ResourceTemplate'), Resource: record('Resource') };
  const core = { Param: decorator, Tool: decorator, Toolkit: decorator };
  const module = { exports: {} };
  new Function('require', 'exports', 'module', js)((id: string) => (id === '@toolwright/mcp' ? mcp : id === '@toolwright/core' ? core : require(id)), module.exports, module);
  return calls;
}

const summariseSchema = {
  description: 'Summarise a note.',
  paramDescriptions: { id: 'The note to summarise.' },
  parameters: {
    type: 'object',
    properties: {
      id: { type: 'number', description: 'The note to summarise.' },
      tone: { type: 'string', enum: ['dry', 'warm'] },
      words: { type: 'number', default: 100, description: 'At most this many words' },
    },
    required: ['id'],
  },
};

describe('the scanner, for MCP prompts and resource templates', () => {
  describe('when scanning a program (toolwright scan)', () => {
    const result = scanTools(fixtureProgram(tsconfig));

    it('builds the schema of the @Param arguments of every @Prompt and @ResourceTemplate method, apart from the tools', () => {
      expect(result.diagnostics).toEqual([]);
      expect(result.tools.map((tool) => tool.key)).toEqual(['NotesKit.count']);
      expect(result.members.map((member) => [member.key, member.member])).toEqual([
        ['NotesKit.note', 'template'],
        ['NotesKit.line', 'template'],
        ['NotesKit.summarise', 'prompt'],
        ['NotesKit.plain', 'prompt'],
      ]);
    });

    it('takes types, optionality, defaults and descriptions from the TypeScript source (loose, not strict)', () => {
      const summarise = result.members.find((member) => member.key === 'NotesKit.summarise');
      expect(summarise?.schema).toMatchObject(summariseSchema);
      expect(summarise?.schema.strict).toBeUndefined();
      expect(result.members.find((member) => member.key === 'NotesKit.note')?.schema).toMatchObject({
        description: 'A note by its number.',
        parameters: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] },
      });
    });

    it('writes them under "members" in the manifest and the generated module, and --check sees them change', () => {
      const manifest = buildManifest(result.tools, result.outputs, result.members);
      expect(Object.keys(manifest.tools)).toEqual(['NotesKit.count']);
      expect(Object.keys(manifest.members ?? {})).toEqual(['NotesKit.line', 'NotesKit.note', 'NotesKit.plain', 'NotesKit.summarise']);
      const text = generatedModuleText(manifest, { flavor: 'ts', command: 'npx toolwright scan -p tsconfig.json --emit x.ts' });
      expect(manifestOfGeneratedModule(text)?.members?.['NotesKit.summarise']).toMatchObject(summariseSchema);
      const changed = { ...manifest, members: { ...manifest.members, 'NotesKit.plain': { parameters: { type: 'object', properties: {} } } } };
      expect(compareManifests(changed, manifest)).toEqual({ missing: [], orphaned: [], stale: ['member NotesKit.plain'] });
      const { members: _members, ...withoutMembers } = manifest;
      expect(compareManifests(withoutMembers, manifest).missing).toEqual(['member NotesKit.line', 'member NotesKit.note', 'member NotesKit.plain', 'member NotesKit.summarise']);
    });
  });

  describe('when compiling through the transformer', () => {
    const { js, diagnostics } = compileFixture(tsconfig, path.join(fixtures, 'dist', 'transformed'), (program) => [transformer(program)]);
    const calls = captureMemberCalls(js.get('notes-kit') as string);

    it('embeds the schema as the last argument of @Prompt(options) and @ResourceTemplate(uri, options)', () => {
      expect(diagnostics.filter((d) => d.category === 1)).toEqual([]);
      const [summarise, plain] = calls.Prompt;
      expect(summarise).toHaveLength(2);
      expect(summarise[0]).toEqual({ name: 'summarise_note' });
      // The embedded form leaves out JSDoc texts already on their property (see embeddedSchemaText).
      const { paramDescriptions: _same, ...embedded } = summariseSchema;
      expect(JSON.parse(summarise[1] as string)).toEqual(embedded);
      // `@mcp.Prompt()` (a namespace import) gets `void 0` for its options.
      expect(plain).toHaveLength(2);
      expect(plain[0]).toBeUndefined();
      expect(JSON.parse(plain[1] as string)).toMatchObject({ parameters: { properties: { topic: { type: 'string' } }, required: ['topic'] } });
    });

    it('puts a resource template schema third, after the options or void 0 in their place', () => {
      const [note, line] = calls.ResourceTemplate;
      expect(note.slice(0, 2)).toEqual(['notes://{id}', undefined]);
      expect(JSON.parse(note[2] as string)).toMatchObject({ parameters: { properties: { id: { type: 'number' } }, required: ['id'] } });
      expect(line.slice(0, 2)).toEqual(['notes://{id}/lines/{line}', { mimeType: 'text/plain' }]);
      expect(JSON.parse(line[2] as string)).toMatchObject({ parameters: { required: ['id', 'line'] } });
    });

    it('leaves @Resource, which takes no arguments, as it is', () => {
      expect(calls.Resource).toEqual([['notes://index']]);
    });
  });
});
