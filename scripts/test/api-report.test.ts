import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

// The API report (scripts/api-report.mjs, run by `npm run lint`): which entries it covers, and
// that each has its report checked in. Comparing a report is API Extractor's own work.

const ROOT = path.join(__dirname, '..', '..');

function entries(): Array<{ specifier: string; dir: string; name: string }> {
  const script = "import('./scripts/api-report.mjs').then((m) => process.stdout.write(JSON.stringify(m.publicEntries())))";
  const result = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as Array<{ specifier: string; dir: string; name: string }>;
}

describe('the API report', () => {
  it('covers every public entry of every package once, not /internal', () => {
    const specifiers = entries().map((entry) => entry.specifier);
    expect(specifiers).toEqual(expect.arrayContaining([
      '@toolwright/core', '@toolwright/core/extend', '@toolwright/core/testing', '@toolwright/sandbox', '@toolwright/sandbox/testing',
      '@toolwright/scanner', '@toolwright/scanner/transformer', '@toolwright/mcp/nestjs', '@toolwright/openai',
    ]));
    expect(specifiers).not.toContain('@toolwright/core/internal');
    // ./plugin is ./transformer under another name: one report.
    expect(specifiers).not.toContain('@toolwright/scanner/plugin');
    expect(new Set(specifiers).size).toBe(specifiers.length);
  });

  it('has a report checked in for each entry', () => {
    const missing = entries().map((entry) => path.join(entry.dir, 'api', `${entry.name}.api.md`)).filter((file) => !fs.existsSync(path.join(ROOT, file)));
    expect(missing).toEqual([]);
  });
});
