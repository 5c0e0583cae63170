import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunContext } from '@toolwright/core';
import { filesToolset } from '../src/files-toolset';

// These tests start server processes: generous bounds for a loaded machine (not timing assertions).
jest.setTimeout(60_000);

const main = join(__dirname, '..', 'dist', 'main.js');

/** Runs the built example (`toolwright build` output) without an API key. */
function runExample(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.OPENAI_API_KEY;
  return new Promise((resolve) => {
    execFile(process.execPath, [main, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('the mcp-files example', () => {
  let folder: string;
  beforeEach(() => {
    folder = realpathSync(mkdtempSync(join(tmpdir(), 'tw-mcp-files-test-')));
    writeFileSync(join(folder, 'groceries.txt'), 'Buy oat milk.\nAnd bread.\n');
    writeFileSync(join(folder, 'ideas.txt'), 'Write the MCP chapter.\n');
    writeFileSync(join(folder, 'photo.png'), 'not a note');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('offers the model only the three filesystem tools it needs, write_file gated', async () => {
    const toolset = filesToolset(folder);
    try {
      const tools = await toolset.tools({ context: undefined, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } as RunContext);
      expect(tools.map((t) => [t.name, t.needsApproval])).toEqual([['read_text_file', false], ['write_file', true], ['list_directory', false]]);
    } finally {
      await toolset.close();
    }
  });

  it('lists the folder, reads the notes and writes the summary once approved (--yes)', async () => {
    expect(existsSync(main)).toBe(true);
    const { code, stdout, stderr } = await runExample([folder, '--yes']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('No OPENAI_API_KEY set: running on ScriptedModel.');
    expect(stdout).toContain(`→ list_directory({"path":"${folder}"})`);
    expect(stdout).toMatch(/write_file needs approval .*approved \(--yes\)/);
    expect(stdout).toContain(`I read 2 notes and wrote their summary to ${folder}/summary.md.`);
    expect(readFileSync(join(folder, 'summary.md'), 'utf8')).toBe('# Notes\n\n- groceries.txt: Buy oat milk.\n- ideas.txt: Write the MCP chapter.\n');
  });

  it('does not write when the write is not approved', async () => {
    const { code, stdout } = await runExample([folder]);
    expect(code).toBe(0);
    expect(stdout).toContain('✓ write_file: The user did not allow writing files.');
    expect(stdout).toContain('I read 2 notes but could not write the summary');
    expect(existsSync(join(folder, 'summary.md'))).toBe(false);
  });
});
