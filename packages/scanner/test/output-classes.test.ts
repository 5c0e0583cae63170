import 'reflect-metadata';
import { Agent, Runner, ScriptedModel, loadSchemaManifest } from '@toolwright/core';
import { buildManifest, generatedModuleText, manifestOfGeneratedModule, scanTools, serializeManifest } from '@toolwright/scanner';
import * as path from 'path';
import { stubProject } from './stub-project';

const SOURCES = {
  'plan.ts': `import { Output } from '@toolwright/core';
export enum Pace { Relaxed = 'relaxed', Packed = 'packed' }
export class Day {
  when!: Date;
  sights!: string[];
}
/** A trip plan. */
export class Plan {
  city!: string;
  pace!: Pace;
  days!: Day[];
  /** Anything else. */
  notes?: string;
}
/** Passed around indirectly, so marked. */
@Output()
export class Verdict {
  ok!: boolean;
}
export const schemaOutput = { name: 'x', schema: { type: 'object' } };
`,
  'agents.ts': `import { Agent } from '@toolwright/core';
import { Plan, schemaOutput } from './plan';
export const planner = new Agent({ name: 'planner', outputType: Plan });
export const other = new Agent({ name: 'other', outputType: schemaOutput });
`,
};

describe('output classes in a scan', () => {
  const project = stubProject(SOURCES);
  afterAll(() => project.remove());

  it('finds outputType classes of new Agent and @Output() classes, with their loose schema and dates', () => {
    const result = scanTools(path.join(project.dir, 'tsconfig.json'));
    expect(result.diagnostics).toEqual([]);
    const byName = Object.fromEntries(result.outputs.map((o) => [o.className, o]));
    expect(Object.keys(byName).sort()).toEqual(['Plan', 'Verdict']);
    expect(byName.Plan!.schema).toMatchObject({
      description: 'A trip plan.',
      dates: ['/days/*/when'],
      parameters: {
        type: 'object',
        required: ['city', 'days', 'pace'],
        properties: { pace: { type: 'string', enum: ['relaxed', 'packed'] }, notes: { type: 'string', description: 'Anything else.' } },
      },
    });
    expect(byName.Verdict!.schema.parameters).toMatchObject({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] });
  });

  it('writes them under "outputs" in the manifest and the generated module; core runs typed from the manifest', async () => {
    const result = scanTools(path.join(project.dir, 'tsconfig.json'));
    const manifest = buildManifest(result.tools, result.outputs);
    expect(Object.keys(manifest.outputs ?? {}).sort()).toEqual(['Plan', 'Verdict']);
    expect(JSON.parse(serializeManifest(manifest)).outputs.Plan.parameters.type).toBe('object');
    expect(manifestOfGeneratedModule(generatedModuleText(manifest, { flavor: 'ts', command: 'x' }))).toEqual(JSON.parse(serializeManifest(manifest)));
    // A class of the same name at run time gets the manifest's schema.
    class Plan {
      city!: string;
      days!: Array<{ when: Date; sights: string[] }>;
    }
    loadSchemaManifest(manifest as never);
    const model = new ScriptedModel([{ output: { city: 'Oslo', pace: 'packed', days: [{ when: '2026-01-01T00:00:00.000Z', sights: [] }], notes: null } }]);
    const run = await new Runner({ model }).run(new Agent({ name: 'p', outputType: Plan }), 'go');
    expect(run.finalOutput).toBeInstanceOf(Plan);
    expect(run.finalOutput.days[0]!.when).toBeInstanceOf(Date);
    expect(model.requests[0]!.outputFormat!.schema).toMatchObject({ additionalProperties: false, required: ['city', 'pace', 'days', 'notes'] });
  });
});
