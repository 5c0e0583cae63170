import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

// The script is plain CommonJS (it runs without a build), loaded by path.
const script = path.join(__dirname, '..', 'bench-readme.js');
const { readmeTable, withTable, START, END } = jest.requireActual<{
  readmeTable(results: string): string;
  withTable(readme: string, results: string): string;
  START: string;
  END: string;
}>(script);

const RESULTS = [
  '# Toolwright benchmark results',
  '',
  '| Scenario | Metric | plain JS (floor) | Toolwright | @openai/agents | ai (Vercel AI SDK) | vs best peer | Toolwright target | met |',
  '|---|---|---:|---:|---:|---:|---:|---:|:---:|',
  '| Import | require() in a fresh process, ms | n/a | **18.0** <sub>17.1–19.9</sub> | **424** <sub>419–442</sub> | **174** <sub>170–195</sub> | 0.103× (ai) | ≤ 20 | yes |',
  '| Define | 1,000 tools, cold, ms | **6.1** <sub>5.9–7.0</sub> | **30.2** <sub>29.0–31.0</sub> | **603** | **426** | 0.071× (ai) | ≤ 25 | **no** |',
  '| Define | 1,000 tools, cold, over floor (the same tools as plain object literals), ms | n/a | **24.1** | **597** | **420** | 0.057× (ai) |  |  |',
  '| Streaming | tool emit → consumer receives progress, µs | **0.371** | **1.11** | n/a | **40.6** | 0.027× (ai) |  |  |',
  '',
  '## Machine and versions',
  '',
  '- Date: 2026-12-01T11:30:00.000Z; total run time 200 s',
  '- Load average (1/5/15 min) before: 0.50 / 0.60 / 0.70; after: 1.00 / 0.80 / 0.70',
].join('\n');

describe('the README performance table (scripts/bench-readme.js)', () => {
  it('is made from the rows of bench/RESULTS.md: medians, targets, derived rows left out', () => {
    expect(readmeTable(RESULTS).split('\n')).toEqual([
      '| | plain JS (floor) | Toolwright | @openai/agents | ai (Vercel AI SDK) | Toolwright target |',
      '|---|---:|---:|---:|---:|---:|',
      '| Import: require() in a fresh process, ms | n/a | **18.0** | **424** | **174** | ≤ 20 ✓ |',
      '| Define: 1,000 tools, cold, ms | **6.1** | **30.2** | **603** | **426** | ≤ 25 (not met) |',
      '| Streaming: tool emit → consumer receives progress, µs | **0.371** | **1.11** | n/a | **40.6** |  |',
      '',
      'Medians from [bench/RESULTS.md](bench/RESULTS.md) (2026-12-01T11:30:00.000Z; load average before: 0.50 / 0.60 / 0.70; after: 1.00 / 0.80 / 0.70), where the ranges, the ratios to the best peer and the machine are.',
    ]);
  });

  it('replaces only the block between its markers', () => {
    const readme = `# Title\n\nBefore.\n\n${START}\nold table\n${END}\n\nAfter.\n`;
    const next = withTable(readme, RESULTS);
    expect(next.startsWith('# Title\n\nBefore.\n\n')).toBe(true);
    expect(next.endsWith(`${END}\n\nAfter.\n`)).toBe(true);
    expect(next).toContain('| Import: require() in a fresh process, ms |');
    expect(next).not.toContain('old table');
    expect(() => withTable('# no markers\n', RESULTS)).toThrow(/no block between/);
  });

  it('is in sync: the root README holds the table bench/RESULTS.md gives', () => {
    const result = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    const results = fs.readFileSync(path.join(__dirname, '..', '..', 'bench', 'RESULTS.md'), 'utf8');
    expect(readme).toContain(readmeTable(results));
  });
});
