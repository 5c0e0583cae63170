import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_STATE_VERSION, RunState } from '@toolwright/core';
import { CORPUS_SCENARIOS, corpusWorld } from './corpus-scenarios';

// Every state written by a released format (frozen in v<N>/ when that format shipped) must load
// with today's code and resume to the same end. Paused runs sit in stores for days; an upgrade
// must not strand them.
const versions = readdirSync(__dirname)
  .filter((name) => /^v\d+$/.test(name))
  .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));

describe('the frozen run-state corpus', () => {
  it('has a frozen directory for the current format (write it with write-corpus.ts when the version changes)', () => {
    expect(versions).toContain(`v${RUN_STATE_VERSION}`);
    expect(versions[0]).toBe('v1');
  });

  describe.each(versions)('states written by format %s', (version) => {
    const scenarios = CORPUS_SCENARIOS.filter((s) => (s.since ?? 1) <= Number(version.slice(1)));
    it.each(scenarios.map((s) => [s.file, s] as const))('%s loads and resumes to the same end', async (_file, scenario) => {
      const text = readFileSync(join(__dirname, version, scenario.file), 'utf8');
      expect(JSON.parse(scenario.file.endsWith('.txt') ? JSON.parse(text).payload : text).version).toBe(Number(version.slice(1)));
      const world = corpusWorld();
      const read = (t: string, secret?: string) => RunState.fromString(world.agents, t, secret === undefined ? {} : { secret });
      scenario.inspect?.(read(text, scenario.file.endsWith('.txt') ? 'run-state-corpus-secret' : undefined));
      const result = await scenario.resume(world, text, read);
      expect(result.status).toBe('completed');
      expect(result.finalOutput).toBe(scenario.expected.finalOutput);
      expect(world.log).toEqual(scenario.expected.log);
      // Read back, a migrated state is one of today's format: written again, it says so.
      const again = read(text, scenario.file.endsWith('.txt') ? 'run-state-corpus-secret' : undefined);
      expect(JSON.parse(again.toString()).version).toBe(RUN_STATE_VERSION);
      if (!scenario.inspect) expect(JSON.parse(again.toString())).toMatchObject({ metadata: {}, guardrailDecisions: expect.any(Array) });
    });
  });
});
